/** The teacher's results calls (src/contract/results.ts) through the web app's fetch wrappers. */
import {
  getChallengesPath,
  getChallengesResponseSchema,
  type ChallengeSummary,
} from '../../../contract/challenges.ts';
import {
  resultsExportFileName,
  resultsExportPath,
  resultsPath,
  resultsResponseSchema,
  studentFilterOptionsPath,
  studentFilterOptionsResponseSchema,
  studentSubmissionsPath,
  studentSubmissionsResponseSchema,
  toSearchParams,
  type ResultsExportScope,
  type ResultsFilterQuery,
  type ResultsQuery,
  type ResultsResponse,
  type StudentFilterOptions,
  type StudentSubmissionsResponse,
} from '../../../contract/results.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { conditionalGet, type ConditionalAnswer } from '../../lib/conditional-get.ts';
import { downloadFile } from '../../lib/download.ts';

export async function listChallenges(token: string): Promise<ChallengeSummary[]> {
  return (await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema }))
    .challenges;
}

/** The table's query as the web app sends it (the page size is the server's default). */
export type ResultsPageQuery = Omit<ResultsQuery, 'limit'>;

export function resultsUrl(challengeId: string, query: ResultsPageQuery): string {
  const search = toSearchParams(query);
  return search === '' ? resultsPath(challengeId) : `${resultsPath(challengeId)}?${search}`;
}

/**
 * One page of results at an address made by resultsUrl; with the last answer's ETag,
 * `changed: false` means the rows shown are still current.
 */
export function fetchResultsAt(
  token: string,
  url: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ConditionalAnswer<ResultsResponse>> {
  return conditionalGet(url, {
    token,
    etag,
    schema: resultsResponseSchema,
    signal,
  });
}

export function fetchStudentSubmissions(
  token: string,
  challengeId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<StudentSubmissionsResponse> {
  return apiRequest(studentSubmissionsPath(challengeId, userId), {
    token,
    schema: studentSubmissionsResponseSchema,
    signal,
  });
}

export function fetchFilterOptions(token: string): Promise<StudentFilterOptions> {
  return apiRequest(studentFilterOptionsPath, {
    token,
    schema: studentFilterOptionsResponseSchema,
  });
}

/**
 * The results as a file, named as the server names it: the current filters and sort (`view`), or
 * everyone on the roster in the current sort (`roster`).
 */
export function downloadResults(
  token: string,
  challengeId: string,
  query: ResultsFilterQuery,
  format: 'xlsx' | 'csv',
  scope: ResultsExportScope = 'view',
): Promise<void> {
  const search = toSearchParams(
    scope === 'roster' ? { scope, sort: query.sort, dir: query.dir } : query,
  );
  const path = resultsExportPath(challengeId, format) + (search === '' ? '' : `?${search}`);
  return downloadFile(
    path,
    resultsExportFileName(challengeId, localDate(new Date()), format, scope),
    token,
  );
}

/** yyyy-mm-dd of the teacher's calendar (the campus and its server share one). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
