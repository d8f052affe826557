/**
 * The student's exam calls: open (the whole screen in one call), finish, a compiler page's address
 * for each problem, and the warm-up that fetches each problem's statement right after the exam
 * opens (kept on this computer by lib/problem-copies.ts, so problems open offline).
 *
 * getToken gains `examCode` (issue 31; the server side adds it to getTokenRequestSchema, which this
 * branch could not edit): with it the address it answers names the exam (`exam=<code>`), and the
 * compiler page sends the code with its calls. The address is checked here to hold it in its
 * query, where the page reads it, whatever the template put where.
 */
import { SITTING_PASSWORD_HEADER } from '../../../contract/access-rules.ts';
import {
  APP_KEY_HEADER,
  compilerChallengePath,
  compilerChallengeSchema,
  getTokenPath,
  getTokenResponseSchema,
  type CompilerChallenge,
  type GetTokenRequest,
} from '../../../contract/compiler.ts';
import {
  studentExamFinishPath,
  studentExamOpenPath,
  studentExamSchema,
  studentExamTimerPath,
  type StudentExam,
} from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { UserSession } from '../../../contract/session.ts';
import { sittingTimerSchema, type SittingTimer } from '../../../contract/sittings.ts';
import {
  noticeCreatedSchema,
  studentExamNoticesPath,
  studentNoticesSchema,
  type NoticeCreated,
  type QuestionRequest,
  type StudentNotices,
} from '../../../contract/notices.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { TIMER_WAIT_SECONDS } from '../../lib/use-live-deadline.ts';

/** `password`: the sitting password the student typed (sent once; the server remembers it). */
export function openExam(
  session: UserSession,
  examCode: string,
  signal?: AbortSignal,
  password?: string,
): Promise<StudentExam> {
  return apiRequest(studentExamOpenPath(examCode), {
    method: 'POST',
    body: {},
    token: session.token,
    ...(password === undefined
      ? {}
      : { headers: { [SITTING_PASSWORD_HEADER]: encodeURIComponent(password) } }),
    schema: studentExamSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Ends the student's attempt. The contract fixes no answer: when it is the exam (as open answers
 * it) the screen shows its final totals, otherwise undefined.
 */
export async function finishExam(
  session: UserSession,
  examCode: string,
): Promise<StudentExam | undefined> {
  const answer = await apiRequest(studentExamFinishPath(examCode), {
    method: 'POST',
    body: {},
    token: session.token,
  });
  const parsed = studentExamSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Waits (long poll) until the exam's timer is no longer `known` (a stop, a reopen, extra time).
 * `problem`: the one selected on the screen, which the proctor view shows (contract/proctor.ts).
 */
export function followExamTimer(
  session: UserSession,
  examCode: string,
  known: string,
  signal: AbortSignal,
  /** The notices cursor (contract/notices.ts) and the problem on screen (the proctor's view). */
  follows: { knownNotices?: number | undefined; problem?: string | undefined } = {},
): Promise<SittingTimer> {
  const query = new URLSearchParams({ known, wait: String(TIMER_WAIT_SECONDS) });
  if (follows.knownNotices !== undefined) query.set('knownNotices', String(follows.knownNotices));
  if (follows.problem !== undefined) query.set('problem', follows.problem);
  return apiRequest(`${studentExamTimerPath(examCode)}?${query.toString()}`, {
    token: session.token,
    schema: sittingTimerSchema,
    timeoutMs: (TIMER_WAIT_SECONDS + 10) * 1000,
    signal,
  });
}

/** The notices the student may read on the exam screen (contract/notices.ts). */
export function fetchExamNotices(
  session: UserSession,
  examCode: string,
  signal: AbortSignal,
): Promise<StudentNotices> {
  return apiRequest(studentExamNoticesPath(examCode), {
    token: session.token,
    schema: studentNoticesSchema,
    signal,
  });
}

export function askExamQuestion(
  session: UserSession,
  examCode: string,
  question: QuestionRequest,
): Promise<NoticeCreated> {
  return apiRequest(studentExamNoticesPath(examCode), {
    token: session.token,
    body: question,
    schema: noticeCreatedSchema,
  });
}

/** The address with `exam=<code>` in its query (the built-in page's; another origin's as is). */
export function withExamInQuery(url: string, examCode: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return url;
  }
  if (parsed.origin !== window.location.origin) return url;
  // A template that put it in the fragment: the page reads only the query.
  const fragment = new URLSearchParams(parsed.hash.slice(1));
  if (fragment.has('exam')) {
    fragment.delete('exam');
    parsed.hash = fragment.toString();
  }
  parsed.searchParams.set('exam', examCode);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The compiler page's address for one problem of the exam (with its token in the fragment). */
export async function problemFrameUrl(
  session: UserSession,
  examCode: string,
  challengeId: string,
  signal?: AbortSignal,
): Promise<string> {
  const body: GetTokenRequest & { examCode: string } = {
    email: session.email,
    name: session.name,
    challengeId,
    examCode,
  };
  const answer = await apiRequest(getTokenPath, {
    body,
    token: session.token,
    schema: getTokenResponseSchema,
    ...(signal ? { signal } : {}),
  });
  if (!answer.url) throw new Error(messages.testCouldNotOpen);
  return withExamInQuery(answer.url, examCode);
}

/** The compiler token and application key a problem's address carries. */
export function frameCredentials(url: string): { token: string; appKey: string } | undefined {
  try {
    const parsed = new URL(url, window.location.href);
    const fragment = new URLSearchParams(parsed.hash.slice(1));
    const token = fragment.get('token') ?? parsed.searchParams.get('token') ?? '';
    const appKey = parsed.searchParams.get('appKey') ?? fragment.get('appKey') ?? '';
    return token ? { token, appKey } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A problem's statement as its compiler page will ask for it (same token, key and exam), read
 * ahead of time so a copy is on this computer before the network can go.
 */
export function fetchProblemStatement(
  credentials: { token: string; appKey: string },
  examCode: string,
  challengeId: string,
  signal?: AbortSignal,
): Promise<CompilerChallenge> {
  const path = compilerChallengePath.replace(':challengeId', encodeURIComponent(challengeId));
  return apiRequest(`${path}?examCode=${encodeURIComponent(examCode)}`, {
    token: credentials.token,
    headers: { [APP_KEY_HEADER]: credentials.appKey },
    schema: compilerChallengeSchema,
    ...(signal ? { signal } : {}),
  });
}
