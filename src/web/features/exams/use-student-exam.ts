/**
 * The student's exam: opened with one call, then, in the background, each problem's compiler page
 * address (one getToken per problem) and each problem's statement, read ahead so it is on this
 * computer before the network can go (issue 31 item 5). Everything the screen needs is kept
 * (exam-copy.ts): without an answer from the network the screen opens from that copy, says so,
 * and opens properly as soon as the browser is back online.
 *
 * `refresh` asks again (after a problem's submission was judged, the states and scores changed);
 * `finish` ends the attempt. A refusal keeps the server's message (the exam is not open yet, is
 * closed or archived); an exam already finished shows as finished.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { examMessages, type StudentExam } from '../../../contract/exams.ts';
import type { UserSession } from '../../../contract/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { saveProblemCopy } from '../../lib/problem-copies.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { serverClock, type ServerClock } from '../../ui/server-clock.ts';
import { loadExamCopy, updateExamCopy } from './exam-copy.ts';
import {
  fetchProblemStatement,
  finishExam,
  frameCredentials,
  openExam,
  problemFrameUrl,
} from './student-exam-api.ts';

export type StudentExamState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      exam: StudentExam;
      clock: ServerClock;
      /** Shown from this computer's copy: the network did not answer. */
      offline: boolean;
      /** challengeId → its compiler page's address, as they arrive. */
      frames: Record<string, string>;
      /** Every problem's address and statement are on this computer: the exam can go offline. */
      offlineReady: boolean;
    };

type Ready = Extract<StudentExamState, { status: 'ready' }>;

/** Opening a finished exam is refused with this message: the screen shows it finished. */
export const isFinishedRefusal = (message: string) => message === examMessages.examFinished;

export function useStudentExam(session: UserSession, examCode: string) {
  const owner = session.id;
  // The calls read the session of the moment; only a new token (another sign-in) opens again.
  const current = useRef(session);
  useEffect(() => {
    current.current = session;
  });
  const { token } = session;
  const [state, setState] = useState<StudentExamState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // The addresses on screen, read by a new opening (effects see no state of their own time).
  const shownFrames = useRef<Record<string, string>>({});
  useEffect(() => {
    shownFrames.current = state.status === 'ready' ? state.frames : {};
  }, [state]);

  const update = useCallback((change: (ready: Ready) => Ready) => {
    if (live.current) setState((s) => (s.status === 'ready' ? change(s) : s));
  }, []);

  /**
   * Each problem's address (those the screen has keep theirs: a frame whose address changed would
   * load again under the student's hands), kept with the exam; then each statement, ahead of time.
   * A failure leaves that problem to its own page, which says why when it is opened.
   */
  const prepareProblems = useCallback(
    async (
      exam: StudentExam,
      receivedAt: number,
      known: Record<string, string>,
      signal: AbortSignal,
    ) => {
      const code = exam.examCode;
      const found = await Promise.all(
        exam.problems.map(async ({ challengeId }): Promise<[string, string] | undefined> => {
          try {
            const url =
              known[challengeId] ??
              (await problemFrameUrl(current.current, code, challengeId, signal));
            if (!signal.aborted)
              update((s) => ({ ...s, frames: { [challengeId]: url, ...s.frames } }));
            return [challengeId, url];
          } catch {
            return undefined;
          }
        }),
      );
      if (signal.aborted) return;
      const frames = Object.fromEntries(found.filter((f) => f !== undefined));
      await updateExamCopy(owner, code, exam, receivedAt, frames);
      const saved = await Promise.all(
        Object.entries(frames).map(async ([challengeId, url]) => {
          const credentials = frameCredentials(url);
          if (!credentials) return false;
          try {
            const statement = await fetchProblemStatement(credentials, code, challengeId, signal);
            await saveProblemCopy(owner, problemScope(challengeId, code), statement);
            return true;
          } catch {
            // The page fetches it itself when opened online.
            return false;
          }
        }),
      );
      const ready = saved.length === exam.problems.length && saved.every(Boolean);
      if (!signal.aborted) update((s) => ({ ...s, offlineReady: ready }));
    },
    [owner, update],
  );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      try {
        const exam = await openExam(current.current, examCode, signal);
        const receivedAt = Date.now();
        if (signal.aborted) return;
        await updateExamCopy(owner, exam.examCode, exam, receivedAt);
        // Opened again (back online): the frames on screen stay as they are.
        const known = shownFrames.current;
        setState({
          status: 'ready',
          exam,
          clock: serverClock(exam.serverNow, receivedAt),
          offline: false,
          frames: known,
          offlineReady: false,
        });
        if (!exam.finishedAt) await prepareProblems(exam, receivedAt, known, signal);
      } catch (error) {
        if (signal.aborted) return;
        const copy =
          error instanceof ApiError && error.status === 0
            ? await loadExamCopy(owner, examCode)
            : undefined;
        if (signal.aborted) return;
        if (copy)
          setState({
            status: 'ready',
            exam: copy.exam,
            clock: serverClock(copy.exam.serverNow, copy.receivedAt),
            offline: true,
            frames: copy.frames,
            offlineReady: false,
          });
        else
          setState({
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
      }
    })();
    return () => controller.abort();
  }, [token, owner, examCode, attempt, prepareProblems]);

  // Opened from the copy: open properly once the network is back.
  const offline = state.status === 'ready' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline]);

  /** The exam again, quietly: new states, scores and total (the addresses stay). */
  const refresh = useCallback(async () => {
    try {
      const exam = await openExam(current.current, examCode);
      const receivedAt = Date.now();
      update((s) => ({
        ...s,
        exam,
        clock: serverClock(exam.serverNow, receivedAt),
        offline: false,
      }));
      await updateExamCopy(owner, exam.examCode, exam, receivedAt);
    } catch {
      // The screen keeps what it shows; the next judged submission asks again.
    }
  }, [owner, examCode, update]);

  const finish = useCallback(async () => {
    if (state.status !== 'ready') return;
    const answer = await finishExam(current.current, state.exam.examCode);
    const finished: StudentExam = answer?.finishedAt
      ? answer
      : { ...state.exam, ...answer, finishedAt: answer?.finishedAt ?? new Date().toISOString() };
    update((s) => ({ ...s, exam: finished }));
    await updateExamCopy(owner, finished.examCode, finished, Date.now());
  }, [state, owner, update]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, refresh, finish, retry };
}
