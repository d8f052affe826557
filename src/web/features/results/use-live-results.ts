/**
 * The challenge Results table, kept live by polling with ETag/304 (use-live-answer.ts). Rows of
 * another challenge are never shown under this one's name while its first page loads.
 */
import type { ResultsResponse } from '../../../contract/results.ts';
import { fetchResultsAt, resultsUrl, type ResultsPageQuery } from './results-api.ts';
import { POLL_INTERVAL_MS, useLiveAnswer, type LiveAnswer } from './use-live-answer.ts';

export { POLL_INTERVAL_MS };
export type LiveResults = LiveAnswer<ResultsResponse>;

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
  return useLiveAnswer(token, challengeId ? resultsUrl(challengeId, query) : null, {
    fetchAt: fetchResultsAt,
    same: sameResults,
    belongs: (data) => data.challenge.challengeId === challengeId,
    intervalMs,
  });
}
