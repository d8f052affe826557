/**
 * Submit, online or not, and follow each submission to its verdict. Online, Submit stores the
 * submission on the server (202) and the judge works after; the page then follows it with long
 * polls (queued with its place in line, running, then the result). Offline (or when the request
 * cannot reach the server) the submission is queued on this computer and shown as pending; the
 * queue is sent when the browser says the network is back, when the page opens, and every 15 s
 * while anything waits (the browser's online flag can be wrong on a lab network). The page-made
 * id makes the server store each submission once, however many times it is sent. Submissions
 * being followed are remembered on this computer too, so a reload or a network cut after the 202
 * still ends with the result on screen.
 *
 * Under an exam (issue 31) the queue and the followed submissions are the problem's own
 * (`scope`, lib/problem-scope.ts), and each queued submission remembers its exam, so it is sent
 * under that exam whenever the network returns.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionState } from '../../../contract/compiler.ts';
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { followSubmission, submitCode, type CompilerCredentials } from './compiler-api.ts';
import { forgetFollowed, loadFollowed, rememberFollowed } from './followed-submissions.ts';
import type { ServerClock } from '../../ui/server-clock.ts';
import {
  loadQueue,
  newSubmissionId,
  storeQueue,
  type QueuedSubmission,
} from './submission-queue.ts';

const RETRY_MS = 15_000;
/** After a failed follow-up call: try again when the browser is back online, or after this. */
const FOLLOW_RETRY_MS = 5_000;

type Options = {
  owner: string;
  challengeId: string;
  /** Names what is kept on this computer (lib/problem-scope.ts). */
  scope: string;
  credentials: CompilerCredentials;
  clock: ServerClock;
  /** A submission (sent now or from the queue) was judged. */
  onJudged: (result: FinishedSubmission, fromQueue: boolean) => void;
  /** The server refused a queued submission for good (time rules), or gave up on one: its message. */
  onRefused: (message: string) => void;
};

/** A submission the judge is done with: its result, or only its samples while not released. */
export type FinishedSubmission = Extract<SubmissionState, { status: 'judged' | 'withheld' }>;

export type SubmitOutcome = { kind: 'sent'; state: SubmissionState } | { kind: 'queued' };

/** What the page shows of the latest submission while the judge works on it. */
export type Following = { state: SubmissionState | undefined; awaitingNetwork: boolean };

/** No answer at all, or a server that cannot judge right now: keep the submission for later. */
const worthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

const isPending = (status: SubmissionState['status']) =>
  status === 'queued' || status === 'running';

function networkBack(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, FOLLOW_RETRY_MS);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

export function useSubmissions(options: Options) {
  const { owner, challengeId, scope, credentials, clock } = options;
  const [pending, setPending] = useState<QueuedSubmission[]>([]);
  const [following, setFollowing] = useState<Following>({
    state: undefined,
    awaitingNetwork: false,
  });
  const latestId = useRef<string | undefined>(undefined);
  const followers = useRef(new Map<string, AbortController>());
  const flushing = useRef(false);
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });

  const follow = useCallback(
    async (submissionId: string, initial: SubmissionState | undefined, fromQueue: boolean) => {
      if (followers.current.has(submissionId)) return;
      const controller = new AbortController();
      followers.current.set(submissionId, controller);
      latestId.current = submissionId;
      const show = (state: SubmissionState | undefined, awaitingNetwork: boolean) => {
        if (latestId.current === submissionId) setFollowing({ state, awaitingNetwork });
      };
      let state = initial;
      try {
        rememberFollowed(owner, scope, submissionId);
        show(state, false);
        while (!controller.signal.aborted && (!state || isPending(state.status))) {
          try {
            state = await followSubmission(
              credentials,
              submissionId,
              state?.status === 'running' ? 'running' : 'queued',
              controller.signal,
            );
            show(state, false);
          } catch (error) {
            if (controller.signal.aborted) return;
            if (!worthRetrying(error)) {
              forgetFollowed(owner, scope, submissionId);
              show(undefined, false);
              handlers.current.onRefused(error instanceof Error ? error.message : String(error));
              return;
            }
            show(state, true);
            await networkBack(controller.signal);
          }
        }
        if (!state || controller.signal.aborted) return;
        forgetFollowed(owner, scope, submissionId);
        if (state.status === 'judged' || state.status === 'withheld')
          handlers.current.onJudged(state, fromQueue);
        else if (state.status === 'failed') handlers.current.onRefused(state.message);
      } finally {
        followers.current.delete(submissionId);
      }
    },
    [owner, scope, credentials],
  );

  // Submissions still being judged when the page last closed (or lost the network) are followed
  // again; leaving the page stops every follow-up call.
  useEffect(() => {
    const active = followers.current;
    for (const id of loadFollowed(owner, scope)) void follow(id, undefined, false);
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
    };
  }, [owner, scope, follow]);

  const sent = useCallback(
    (state: SubmissionState, fromQueue: boolean) => {
      if (isPending(state.status)) void follow(state.submissionId, state, fromQueue);
      else if (state.status === 'judged' || state.status === 'withheld')
        handlers.current.onJudged(state, fromQueue);
      else if (state.status === 'failed') handlers.current.onRefused(state.message);
    },
    [follow],
  );

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      let queue = await loadQueue(owner, scope);
      for (const item of [...queue]) {
        try {
          const state = await submitCode(credentials, { challengeId, ...item });
          queue = queue.filter((q) => q.submissionId !== item.submissionId);
          await storeQueue(owner, scope, queue);
          sent(state, true);
        } catch (error) {
          if (worthRetrying(error)) break;
          queue = queue.filter((q) => q.submissionId !== item.submissionId);
          await storeQueue(owner, scope, queue);
          handlers.current.onRefused(error instanceof Error ? error.message : String(error));
        }
      }
      setPending(queue);
    } finally {
      flushing.current = false;
    }
  }, [owner, challengeId, scope, credentials, sent]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  useEffect(() => {
    if (pending.length === 0) return;
    const id = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(id);
  }, [pending.length, flush]);

  const enqueue = useCallback(
    async (item: QueuedSubmission) => {
      const queue = [...(await loadQueue(owner, scope)), item];
      await storeQueue(owner, scope, queue);
      setPending(queue);
    },
    [owner, scope],
  );

  const submit = useCallback(
    async (code: string, language?: JudgeLanguage): Promise<SubmitOutcome> => {
      const item: QueuedSubmission = {
        submissionId: newSubmissionId(),
        code,
        queuedAt: new Date(clock.now()).toISOString(),
        ...(language ? { language } : {}),
        ...(credentials.examCode ? { examCode: credentials.examCode } : {}),
      };
      if (!navigator.onLine) {
        await enqueue(item);
        return { kind: 'queued' };
      }
      try {
        const state = await submitCode(credentials, {
          challengeId,
          code,
          submissionId: item.submissionId,
          ...(language ? { language } : {}),
        });
        sent(state, false);
        return { kind: 'sent', state };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 0)) throw error;
        await enqueue(item);
        return { kind: 'queued' };
      }
    },
    [challengeId, credentials, clock, enqueue, sent],
  );

  return { pending, following, submit, flush };
}
