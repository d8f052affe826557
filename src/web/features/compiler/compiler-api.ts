/**
 * The compiler page's calls. Each carries the compiler token (Bearer) and the application key the
 * test screen put in the page's address. Run waits longer than the spec's 10 s timeout: it judges
 * in the request. Submit only stores (the judge works after), and the page follows the
 * submission with long polls of the result call.
 */
import {
  APP_KEY_HEADER,
  compilerChallengePath,
  compilerChallengeSchema,
  compilerHistoryPath,
  compilerResultPath,
  compilerRunPath,
  compilerSubmitPath,
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
import { apiRequest } from '../../lib/api-client.ts';
import { fetchBlob } from '../../lib/fetch-blob.ts';

export type CompilerCredentials = { token: string; appKey: string };

const JUDGE_TIMEOUT_MS = 120_000;

const auth = (c: CompilerCredentials) => ({
  token: c.token,
  headers: { [APP_KEY_HEADER]: c.appKey },
});

export function fetchCompilerChallenge(
  c: CompilerCredentials,
  challengeId: string,
): Promise<CompilerChallenge> {
  return apiRequest(
    compilerChallengePath.replace(':challengeId', encodeURIComponent(challengeId)),
    {
      ...auth(c),
      schema: compilerChallengeSchema,
    },
  );
}

export function runCode(c: CompilerCredentials, body: RunRequest): Promise<RunResponse> {
  return apiRequest(compilerRunPath, {
    ...auth(c),
    body,
    schema: runResponseSchema,
    timeoutMs: JUDGE_TIMEOUT_MS,
  });
}

export function submitCode(c: CompilerCredentials, body: SubmitRequest): Promise<SubmissionState> {
  return apiRequest(compilerSubmitPath, { ...auth(c), body, schema: submissionStateSchema });
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

/** The student's own submissions to this challenge, newest first (the history under Submit). */
export function fetchHistory(
  c: CompilerCredentials,
  challengeId: string,
): Promise<HistoryResponse> {
  return apiRequest(compilerHistoryPath.replace(':challengeId', encodeURIComponent(challengeId)), {
    ...auth(c),
    schema: historyResponseSchema,
  });
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
