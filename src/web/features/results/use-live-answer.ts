/**
 * A table kept live while an exam runs: polling every few seconds with If-None-Match, not
 * server-sent events. A poll that finds nothing new costs one 304 with no body; it works the
 * same through any proxy or load balancer and across several server processes, and there is no
 * connection per open dashboard to hold. Polling pauses while the tab is hidden and catches up at
 * once when it is shown again. The challenge Results (use-live-results.ts) and the exam matrix
 * (use-live-exam-results.ts) both poll through here.
 *
 * A poll replaces the rows in place (same sort, filters and page), so the teacher's scroll and
 * focus stay where they were. `changedAt` moves only when a poll brought different results, for a
 * polite live region that does not speak every 5 seconds.
 */
import { useEffect, useRef, useState } from 'react';
import type { ConditionalAnswer } from '../../lib/conditional-get.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { startVisiblePolling } from '../../ui/visible-polling.ts';

export const POLL_INTERVAL_MS = 5000;

export type LiveAnswer<T> = {
  data: T | null;
  /** A request started by a new query (not a background poll) is on its way. */
  loading: boolean;
  /** When the server last confirmed the rows shown (a 200 or a 304). */
  checkedAt: Date | null;
  /** When a poll last brought different results; null until one does. */
  changedAt: Date | null;
};

export type LiveOptions<T> = {
  fetchAt: (
    token: string,
    url: string,
    etag: string | null,
    signal: AbortSignal,
  ) => Promise<ConditionalAnswer<T>>;
  /** Equal answers apart from the time they were computed. */
  same: (a: T, b: T) => boolean;
  /**
   * Whether an answer may stay on screen while a new query's first answer is on its way: another
   * sort of the same table may, another challenge's rows never.
   */
  belongs: (data: T) => boolean;
  intervalMs?: number;
};

export function useLiveAnswer<T>(
  token: string,
  /** The table's address (its sort, filters and page); null: nothing to show. */
  url: string | null,
  { fetchAt, same, belongs, intervalMs = POLL_INTERVAL_MS }: LiveOptions<T>,
): LiveAnswer<T> {
  // Everything below belongs to the answer for `answered`; a new address means a new query
  // whose first answer is still on its way.
  const [state, setState] = useState<{
    answered: string | null;
    data: T | null;
    checkedAt: Date | null;
    changedAt: Date | null;
  }>({ answered: null, data: null, checkedAt: null, changedAt: null });

  // The functions are read when a poll runs (declared first, this effect runs before polling's).
  const options = useRef({ fetchAt, same });
  useEffect(() => {
    options.current = { fetchAt, same };
  });

  // The address holds the table, sort, filters and page: polling restarts when it changes.
  useEffect(() => {
    if (!url) return;
    const address = url;
    let etag: string | null = null;
    let shown: T | null = null;
    let failing = false;

    return startVisiblePolling(async (signal) => {
      try {
        const answer = await options.current.fetchAt(token, address, etag, signal);
        const now = new Date();
        if (!answer.changed) {
          setState((s) => ({ ...s, answered: address, checkedAt: now }));
        } else {
          etag = answer.etag;
          // The first answer for a query is what the teacher asked for: not news to announce.
          const changed = shown !== null && !options.current.same(shown, answer.data);
          shown = answer.data;
          const data = answer.data;
          setState((s) => ({
            answered: address,
            data,
            checkedAt: now,
            changedAt: changed ? now : s.answered === address ? s.changedAt : null,
          }));
        }
        failing = false;
      } catch (error) {
        if (signal.aborted) return;
        setState((s) => ({ ...s, answered: address }));
        // One toast when the connection goes, not one every few seconds while it stays gone.
        if (!failing) showFailure(error);
        failing = true;
      }
    }, intervalMs);
  }, [token, url, intervalMs]);

  if (!url) return { data: null, loading: false, checkedAt: null, changedAt: null };
  const kept = state.data !== null && belongs(state.data);
  return {
    data: kept ? state.data : null,
    loading: state.answered !== url,
    checkedAt: kept ? state.checkedAt : null,
    changedAt: state.answered === url ? state.changedAt : null,
  };
}
