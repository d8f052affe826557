/**
 * Submit, online or not. Online, the code is judged at once. Offline (or when the request cannot
 * reach the server) the submission is queued on this computer and shown as pending; the queue is
 * sent when the browser says the network is back, when the page opens, and every 15 s while
 * anything waits (the browser's online flag can be wrong on a lab network). The page-made id makes
 * the server judge each submission once, however many times it is sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionResult } from '../../../contract/compiler.ts';
import { ApiError } from '../../lib/api-client.ts';
import { submitCode, type CompilerCredentials } from './compiler-api.ts';
import type { ServerClock } from './server-clock.ts';
import {
  loadQueue,
  newSubmissionId,
  storeQueue,
  type QueuedSubmission,
} from './submission-queue.ts';

const RETRY_MS = 15_000;

type Options = {
  owner: string;
  challengeId: string;
  credentials: CompilerCredentials;
  clock: ServerClock;
  /** A submission (sent now or from the queue) was judged. */
  onJudged: (result: SubmissionResult, fromQueue: boolean) => void;
  /** The server refused a queued submission for good (time rules): its message. */
  onRefused: (message: string) => void;
};

export type SubmitOutcome = { kind: 'judged'; result: SubmissionResult } | { kind: 'queued' };

/** No answer at all, or a server that cannot judge right now: keep the submission for later. */
const worthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

export function useSubmissions(options: Options) {
  const { owner, challengeId, credentials, clock } = options;
  const [pending, setPending] = useState<QueuedSubmission[]>([]);
  const flushing = useRef(false);
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      let queue = await loadQueue(owner, challengeId);
      for (const item of [...queue]) {
        try {
          const result = await submitCode(credentials, { challengeId, ...item });
          queue = queue.filter((q) => q.submissionId !== item.submissionId);
          await storeQueue(owner, challengeId, queue);
          handlers.current.onJudged(result, true);
        } catch (error) {
          if (worthRetrying(error)) break;
          queue = queue.filter((q) => q.submissionId !== item.submissionId);
          await storeQueue(owner, challengeId, queue);
          handlers.current.onRefused(error instanceof Error ? error.message : String(error));
        }
      }
      setPending(queue);
    } finally {
      flushing.current = false;
    }
  }, [owner, challengeId, credentials]);

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
      const queue = [...(await loadQueue(owner, challengeId)), item];
      await storeQueue(owner, challengeId, queue);
      setPending(queue);
    },
    [owner, challengeId],
  );

  const submit = useCallback(
    async (code: string): Promise<SubmitOutcome> => {
      const item: QueuedSubmission = {
        submissionId: newSubmissionId(),
        code,
        queuedAt: new Date(clock.now()).toISOString(),
      };
      if (!navigator.onLine) {
        await enqueue(item);
        return { kind: 'queued' };
      }
      try {
        const result = await submitCode(credentials, {
          challengeId,
          code,
          submissionId: item.submissionId,
        });
        return { kind: 'judged', result };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 0)) throw error;
        await enqueue(item);
        return { kind: 'queued' };
      }
    },
    [challengeId, credentials, clock, enqueue],
  );

  return { pending, submit, flush };
}
