/**
 * The compiler page's calls. Each carries the compiler token (Bearer) and the application key the
 * test screen put in the page's address. Run waits longer than the spec's 10 s timeout: it judges
 * in the request. Submit only stores (the judge works after), and the page follows the
 * submission with long polls of the result call.
 *
 * Opened under an exam (issue 31: the page's address carries `exam`), every call that names a
 * challenge names the exam too (`examCode`, in the query of a GET, in the body of Run and
 * Submit): the same challenge may be sat alone and in several exams, each a standing of its own
 * on the server. The contract's request types do not list it yet (the server side adds it); the
 * server's schemas drop keys they do not know, so an older server just ignores it.
 */
import {
  APP_KEY_HEADER,
  compilerChallengePath,
  compilerChallengeSchema,
  compilerHistoryPath,
  compilerResultPath,
  compilerRunPath,
  compilerSubmitPath,
  compilerTimerPath,
  MAX_RESULT_WAIT_SECONDS,
  runResponseSchema,
  submissionStateSchema,
  historyResponseSchema,
  type CompilerChallenge,
  type HistoryResponse,
  type RunRequest,
  type RunResponse,
  type SubmissionState,
  type SubmissionStatus,
  type SubmitRequest,
} from '../../../contract/compiler.ts';
import {
  signalsPath,
  signalsResponseSchema,
  type SignalsRequest,
  type SignalsResponse,
} from '../../../contract/signals.ts';
import { statementImageUrl } from '../../../contract/challenge-images.ts';
import { sittingTimerSchema, type SittingTimer } from '../../../contract/sittings.ts';
import {
  compilerNoticesPath,
  noticeCreatedSchema,
  studentNoticesSchema,
  type NoticeCreated,
  type QuestionRequest,
  type StudentNotices,
} from '../../../contract/notices.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { TIMER_WAIT_SECONDS } from '../../lib/use-live-deadline.ts';
import { fetchBlob } from '../../lib/fetch-blob.ts';

export type CompilerCredentials = {
  token: string;
  appKey: string;
  /** The exam the page was opened under; absent for a challenge sat alone. */
  examCode?: string;
};

const JUDGE_TIMEOUT_MS = 120_000;

const auth = (c: CompilerCredentials) => ({
  token: c.token,
  headers: { [APP_KEY_HEADER]: c.appKey },
});

/** `path` with `?examCode=` when the page is under an exam. */
const underExam = (c: CompilerCredentials, path: string) =>
  c.examCode ? `${path}?examCode=${encodeURIComponent(c.examCode)}` : path;

/** The body's `examCode` when the page is under an exam. */
const examField = (c: CompilerCredentials) => (c.examCode ? { examCode: c.examCode } : {});

export function fetchCompilerChallenge(
  c: CompilerCredentials,
  challengeId: string,
): Promise<CompilerChallenge> {
  return apiRequest(
    underExam(c, compilerChallengePath.replace(':challengeId', encodeURIComponent(challengeId))),
    { ...auth(c), schema: compilerChallengeSchema },
  );
}

export function runCode(c: CompilerCredentials, body: RunRequest): Promise<RunResponse> {
  return apiRequest(compilerRunPath, {
    ...auth(c),
    body: { ...body, ...examField(c) },
    schema: runResponseSchema,
    timeoutMs: JUDGE_TIMEOUT_MS,
  });
}

/**
 * `examCode` in the body is a queued submission's own (submission-queue.ts): it is sent under the
 * exam it was made in, whichever page sends it.
 */
export function submitCode(
  c: CompilerCredentials,
  body: SubmitRequest & { examCode?: string },
): Promise<SubmissionState> {
  return apiRequest(compilerSubmitPath, {
    ...auth(c),
    body: { ...examField(c), ...body },
    schema: submissionStateSchema,
  });
}

/** Waits (long poll) until the submission's status is no longer `since`, or about 20 s. */
export function followSubmission(
  c: CompilerCredentials,
  submissionId: string,
  since: SubmissionStatus,
  signal: AbortSignal,
): Promise<SubmissionState> {
  const wait = MAX_RESULT_WAIT_SECONDS - 5;
  const path = compilerResultPath.replace(':submissionId', encodeURIComponent(submissionId));
  return apiRequest(`${path}?wait=${wait}&since=${since}`, {
    ...auth(c),
    schema: submissionStateSchema,
    timeoutMs: (wait + 10) * 1000,
    signal,
  });
}

/**
 * Waits (long poll) until the problem's timer is no longer `known` (a stop, a reopen, extra time),
 * or, with `knownNotices`, the notices cursor is no longer that (contract/notices.ts).
 */
export function followTimer(
  c: CompilerCredentials,
  challengeId: string,
  known: string,
  signal: AbortSignal,
  knownNotices?: number,
): Promise<SittingTimer> {
  const query = new URLSearchParams({ known, wait: String(TIMER_WAIT_SECONDS) });
  if (c.examCode) query.set('examCode', c.examCode);
  if (knownNotices !== undefined) query.set('knownNotices', String(knownNotices));
  return apiRequest(`${compilerTimerPath(challengeId)}?${query.toString()}`, {
    ...auth(c),
    schema: sittingTimerSchema,
    timeoutMs: (TIMER_WAIT_SECONDS + 10) * 1000,
    signal,
  });
}

/** The notices the student may read on this challenge's own page (contract/notices.ts). */
export function fetchNotices(
  c: CompilerCredentials,
  challengeId: string,
  signal: AbortSignal,
): Promise<StudentNotices> {
  return apiRequest(compilerNoticesPath(challengeId), {
    ...auth(c),
    schema: studentNoticesSchema,
    signal,
  });
}

export function askQuestion(
  c: CompilerCredentials,
  challengeId: string,
  question: QuestionRequest,
): Promise<NoticeCreated> {
  return apiRequest(compilerNoticesPath(challengeId), {
    ...auth(c),
    body: question,
    schema: noticeCreatedSchema,
  });
}

/** The student's own submissions to this challenge, newest first (the history under Submit). */
export function fetchHistory(
  c: CompilerCredentials,
  challengeId: string,
): Promise<HistoryResponse> {
  return apiRequest(
    underExam(c, compilerHistoryPath.replace(':challengeId', encodeURIComponent(challengeId))),
    { ...auth(c), schema: historyResponseSchema },
  );
}

/** A batch of exam events (issue 17) for the student's attempt. */
export function sendSignals(
  c: CompilerCredentials,
  attemptId: string,
  body: SignalsRequest,
): Promise<SignalsResponse> {
  return apiRequest(signalsPath.replace(':attemptId', encodeURIComponent(attemptId)), {
    ...auth(c),
    body,
    schema: signalsResponseSchema,
  });
}

/**
 * An image of the statement by its hash (issue 31 item 4). The address never changes meaning, so
 * the browser's cache and the service worker keep it, and it shows offline once seen.
 */
export function fetchStatementImage(
  c: CompilerCredentials,
  challengeId: string,
  sha256: string,
  signal: AbortSignal,
): Promise<Blob> {
  return fetchBlob(statementImageUrl(challengeId, sha256), { ...auth(c), signal });
}
