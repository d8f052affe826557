/**
 * The compiler page's calls. Each carries the compiler token (Bearer) and the application key the
 * test screen put in the page's address. Run and Submit wait longer than the spec's 10 s timeout:
 * judging a Java submission on every test can take that long on a busy exam morning.
 */
import {
  APP_KEY_HEADER,
  compilerChallengePath,
  compilerChallengeSchema,
  compilerRunPath,
  compilerSubmitPath,
  runResponseSchema,
  submissionResultSchema,
  type CompilerChallenge,
  type RunRequest,
  type RunResponse,
  type SubmissionResult,
  type SubmitRequest,
} from '../../../contract/compiler.ts';
import { apiRequest } from '../../lib/api-client.ts';

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

export function submitCode(c: CompilerCredentials, body: SubmitRequest): Promise<SubmissionResult> {
  return apiRequest(compilerSubmitPath, {
    ...auth(c),
    body,
    schema: submissionResultSchema,
    timeoutMs: JUDGE_TIMEOUT_MS,
  });
}
