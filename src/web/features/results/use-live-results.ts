/**
 * The results table, kept live while an exam runs: polling every few seconds with If-None-Match,
 * not server-sent events. A poll that finds nothing new costs one 304 with no body; it works the
 * same through any proxy or load balancer and across several server processes, and there is no
 * connection per open dashboard to hold. Polling pauses while the tab is hidden and catches up at
 * once when it is shown again.
 *
 * A poll replaces the rows in place (same sort, filters and page), so the teacher's scroll and
 * focus stay where they were. `announcement` changes only when a poll brought different results,
 * for a polite live region that does not speak every 5 seconds.
 */
import { useEffect, useState } from 'react';
import type { ResultsResponse } from '../../../contract/results.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { startVisiblePolling } from '../../ui/visible-polling.ts';
import { fetchResultsAt, resultsUrl, type ResultsPageQuery } from './results-api.ts';

export const POLL_INTERVAL_MS = 5000;

export type LiveResults = {
  data: ResultsResponse | null;
  /** A request started by a new query (not a background poll) is on its way. */
  loading: boolean;
  /** When the server last confirmed the rows shown (a 200 or a 304). */
  checkedAt: Date | null;
  /** When a poll last brought different results; null until one does. */
  changedAt: Date | null;
};

/** Equal results apart from the time they were computed. */
function sameResults(a: ResultsResponse, b: ResultsResponse): boolean {
  return JSON.stringify({ ...a, generatedAt: '' }) === JSON.stringify({ ...b, generatedAt: '' });
}

export function useLiveResults(
  token: string,
  challengeId: string | undefined,
  query: ResultsPageQuery,
  intervalMs = POLL_INTERVAL_MS,
): LiveResults {
  const url = challengeId ? resultsUrl(challengeId, query) : null;
  // Everything below belongs to the answer for `answered`; a new address means a new query
  // whose first answer is still on its way.
  const [state, setState] = useState<{
    answered: string | null;
    data: ResultsResponse | null;
    checkedAt: Date | null;
    changedAt: Date | null;
  }>({ answered: null, data: null, checkedAt: null, changedAt: null });

  // The address holds the challenge, sort, filters and page: polling restarts when it changes.
  useEffect(() => {
    if (!url) return;
    const address = url;
    let etag: string | null = null;
    let shown: ResultsResponse | null = null;
    let failing = false;

    return startVisiblePolling(async (signal) => {
      try {
        const answer = await fetchResultsAt(token, address, etag, signal);
        const now = new Date();
        if (!answer.changed) {
          setState((s) => ({ ...s, answered: address, checkedAt: now }));
        } else {
          etag = answer.etag;
          // The first answer for a query is what the teacher asked for: not news to announce.
          const changed = shown !== null && !sameResults(shown, answer.data);
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
  // Rows of another challenge are never shown under this one's name while its first page loads.
  const sameChallenge = state.data?.challenge.challengeId === challengeId;
  return {
    data: sameChallenge ? state.data : null,
    loading: state.answered !== url,
    checkedAt: sameChallenge ? state.checkedAt : null,
    changedAt: state.answered === url ? state.changedAt : null,
  };
}
