/**
 * The teacher's results calls (src/contract/results.ts, and the exam matrix of
 * src/contract/exams.ts) through the web app's fetch wrappers.
 */
import {
  examGradebookPath,
  gradebookFileName,
  resultsGradebookPath,
  type GradebookFormat,
} from '../../../contract/gradebook.ts';
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
import {
  examExportFileName,
  examExportPath,
  examListResponseSchema,
  examResultsPath,
  examResultsResponseSchema,
  examsPath,
  type ExamResultsQuery,
  type ExamResultsResponse,
  type ExamSummary,
} from '../../../contract/exams.ts';
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

/**
 * A student's submissions to a challenge; under an exam (`examCode`, issue 31) those made in that
 * exam, the same challenge sat alone or in another exam being another standing.
 */
export function fetchStudentSubmissions(
  token: string,
  challengeId: string,
  userId: string,
  signal?: AbortSignal,
  examCode?: string,
): Promise<StudentSubmissionsResponse> {
  const path = studentSubmissionsPath(challengeId, userId);
  return apiRequest(examCode ? `${path}?examCode=${encodeURIComponent(examCode)}` : path, {
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
  // The roster keeps the order and the section (issue 33: everyone in it), nothing else.
  const search = toSearchParams(
    scope === 'roster'
      ? { scope, sort: query.sort, dir: query.dir, sectionId: query.sectionId }
      : query,
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

// ---------------------------------------------------------------- exams (issue 31)

/** Every exam, for the Results view's exam picker. */
export async function listExams(token: string): Promise<ExamSummary[]> {
  return (await apiRequest(examsPath, { token, schema: examListResponseSchema })).exams;
}

/** The matrix's query as the web app sends it (the page size is the server's default). */
export type ExamResultsPageQuery = Omit<ExamResultsQuery, 'limit'>;

export function examResultsUrl(examCode: string, query: ExamResultsPageQuery): string {
  const search = toSearchParams(query);
  return search === '' ? examResultsPath(examCode) : `${examResultsPath(examCode)}?${search}`;
}

/** One page of the matrix at an address made by examResultsUrl, conditional like the table's. */
export function fetchExamResultsAt(
  token: string,
  url: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<ConditionalAnswer<ExamResultsResponse>> {
  return conditionalGet(url, { token, etag, schema: examResultsResponseSchema, signal });
}

/**
 * The matrix as a file (.xlsx: a sheet for the matrix and one per problem; .csv: the matrix),
 * with the view's filters and sort, named as the server names it.
 */
export function downloadExamResults(
  token: string,
  examCode: string,
  query: Omit<ExamResultsPageQuery, 'cursor'>,
  format: 'xlsx' | 'csv',
): Promise<void> {
  const search = toSearchParams(query);
  return downloadFile(
    examExportPath(examCode, format) + (search === '' ? '' : `?${search}`),
    examExportFileName(examCode, localDate(new Date()), format),
    token,
  );
}

// ---------------------------------------------------------------- gradebooks (issue 34 item 6)

/** A gradebook CSV (contract/gradebook.ts) of a challenge or an exam, of a section if chosen. */
export function downloadGradebook(
  token: string,
  what: { challengeId: string } | { examCode: string },
  format: GradebookFormat,
  sectionId: string | undefined,
): Promise<void> {
  const date = localDate(new Date());
  return 'challengeId' in what
    ? downloadFile(
        resultsGradebookPath(what.challengeId, format, sectionId),
        gradebookFileName(what.challengeId, format, date),
        token,
      )
    : downloadFile(
        examGradebookPath(what.examCode, format, sectionId),
        gradebookFileName(`exam-${what.examCode}`, format, date),
        token,
      );
}
