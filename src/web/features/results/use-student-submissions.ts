/**
 * A student's submissions to a challenge, fetched when the drill-down opens and again every few
 * seconds while one of them is still queued or being judged (so a verdict appears by itself).
 * A new `refresh` number fetches them again at once (after a re-judge was queued), keeping the
 * submissions on screen until the new answer arrives.
 */
import { useEffect, useState } from 'react';
import type { StudentSubmissionsResponse } from '../../../contract/results.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { fetchStudentSubmissions } from './results-api.ts';

export const PENDING_POLL_MS = 3000;

export type StudentSubmissionsState =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; data: StudentSubmissionsResponse };

export function useStudentSubmissions(
  token: string,
  challengeId: string,
  userId: string,
  refresh = 0,
  /** The exam the challenge was sat in (issue 31), if any. */
  examCode?: string,
): StudentSubmissionsState {
  const [answer, setAnswer] = useState<{ key: string; result: StudentSubmissionsState } | null>(
    null,
  );
  const key = `${examCode ?? ''}/${challengeId}/${userId}`;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function load() {
      try {
        const data = await fetchStudentSubmissions(
          token,
          challengeId,
          userId,
          controller.signal,
          examCode,
        );
        if (controller.signal.aborted) return;
        setAnswer({ key, result: { state: 'loaded', data } });
        const pending = data.submissions.some(
          (s) => s.status === 'queued' || s.status === 'running',
        );
        if (pending) timer = setTimeout(() => void load(), PENDING_POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        showFailure(error);
        // Said in the dialog too, so it does not stay on "Loading…" (an unknown student, say).
        setAnswer((current) =>
          current?.key === key && current.result.state === 'loaded'
            ? current
            : {
                key,
                result: {
                  state: 'failed',
                  message: error instanceof Error ? error.message : String(error),
                },
              },
        );
      }
    }
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token, challengeId, userId, refresh, examCode, key]);

  return answer?.key === key ? answer.result : { state: 'loading' };
}
