/**
 * A student's submissions to one challenge for the teacher: every status, newest first, each
 * with its per-test outcomes joined to the challenge's tests by position. The teacher sees hidden
 * tests' inputs and expected outputs (students never do: their calls live in compiler/).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { languages } from '../../contract/challenges.ts';
import { EXACT_COMPARE_RULE } from '../../contract/compare-rule.ts';
import {
  RESULTS_TEXT_CAP,
  SUBMISSION_STATUS_VALUES,
  type ResultsTestCase,
  type StudentSubmissionsResponse,
  type SubmissionTestRow,
  type TeacherSubmission,
} from '../../contract/results.ts';
import { VERDICTS } from '../../contract/verdicts.ts';
import type { Db } from '../db/connection.ts';
import { attemptsAtSitting } from '../sittings/sitting-queries.ts';
import { readStoredDetails } from '../submissions/submission-details.ts';
import { iso, rowsOf } from '../db/sql-helpers.ts';

const cap = (text: string) => text.slice(0, RESULTS_TEXT_CAP);

/** "Sample 1", "Hidden 3": tests are numbered within their kind, as the compiler page does. */
export function testNames(hidden: readonly boolean[]): string[] {
  let samples = 0;
  let hiddenCount = 0;
  return hidden.map((h) => (h ? `Hidden ${++hiddenCount}` : `Sample ${++samples}`));
}

export async function readTestCases(db: Db, challengeId: string): Promise<ResultsTestCase[]> {
  const found = await db.execute(sql`
    select ordinal, hidden, weight, input, expected_output as "expectedOutput"
    from test_cases where challenge_id = ${challengeId} order by ordinal`);
  const rows = rowsOf<{
    hidden: boolean;
    weight: number;
    input: string;
    expectedOutput: string;
  }>(found);
  const names = testNames(rows.map((r) => r.hidden));
  return rows.map((r, index) => ({
    index,
    name: names[index] ?? `Test ${index + 1}`,
    hidden: r.hidden,
    weight: r.weight,
    input: cap(r.input),
    expectedOutput: cap(r.expectedOutput),
    truncated: r.input.length > RESULTS_TEXT_CAP || r.expectedOutput.length > RESULTS_TEXT_CAP,
  }));
}

export async function readStudent(
  db: Db,
  userId: string,
): Promise<StudentSubmissionsResponse['student'] | undefined> {
  const found = await db.execute(sql`
    select id as "userId", name, email, year, branch, college,
      (password_hash is not null and one_time_password_expires_at is null) as claimed
    from users where id = ${userId}`);
  return rowsOf<StudentSubmissionsResponse['student']>(found)[0];
}

/**
 * The student's standing on the challenge at `sitting` (a scalar SQL value: the challenge's own
 * sitting, or an exam's), in their current attempt at it.
 */
export async function readAttempt(
  db: Db,
  userId: string,
  challengeId: string,
  sitting: SQL,
): Promise<StudentSubmissionsResponse['attempt']> {
  const found = await db.execute(sql`
    select ${iso(sql`a.started_at`)} as "startedAt", ${iso(sql`sa.deadline`)} as deadline,
      a.best_score as "bestScore", a.submission_count as "submissionCount",
      ${iso(sql`a.last_submission_at`)} as "lastSubmissionAt"
    from attempts a join sitting_attempts sa on sa.id = a.sitting_attempt_id
    where a.user_id = ${userId} and a.challenge_id = ${challengeId} and a.sitting_id = ${sitting}
    order by sa.number desc limit 1`);
  return rowsOf<NonNullable<StudentSubmissionsResponse['attempt']>>(found)[0] ?? null;
}

type RawSubmission = {
  submissionId: string;
  number: number;
  createdAt: string;
  judgedAt: string | null;
  status: string;
  verdict: string | null;
  score: number;
  passed: number;
  total: number;
  language: string;
  code: string;
  details: unknown;
  isBest: boolean;
  timeLimitMs: number;
};

/** The student's submissions to the challenge at `sitting` (as readAttempt), every attempt's. */
export async function readSubmissions(
  db: Db,
  userId: string,
  challengeId: string,
  sitting: SQL,
  testCases: readonly ResultsTestCase[],
): Promise<TeacherSubmission[]> {
  const found = await db.execute(sql`
    select s.id as "submissionId",
      (row_number() over (order by s.created_at, s.id))::int as number,
      ${iso(sql`s.created_at`)} as "createdAt", ${iso(sql`s.judged_at`)} as "judgedAt",
      s.status, s.verdict, s.score, s.passed, s.total, s.language, s.code, s.details,
      coalesce(s.id = a.best_submission_id, false) as "isBest",
      c.time_limit_ms as "timeLimitMs"
    from submissions s
      join challenges c on c.challenge_id = s.challenge_id
      left join attempts a on a.sitting_attempt_id = s.sitting_attempt_id
        and a.challenge_id = s.challenge_id
    where s.user_id = ${userId} and s.challenge_id = ${challengeId}
      and s.sitting_attempt_id in ${attemptsAtSitting(sitting, userId)}
    order by s.created_at desc, s.id desc`);
  return rowsOf<RawSubmission>(found).map((r) => toSubmission(r, testCases));
}

/**
 * A Time Limit Exceeded test reports the limit (judge/classify.ts reportedTimeMs). Results judged
 * before that stored the time the sandbox let the program run, up to the limit plus the language's
 * start-up allowance ("1.99 s" under a 1 s limit): those read as the challenge's limit now.
 */
function reportedTime(t: { verdict: string; timeMs: number }, timeLimitMs: number): number {
  return t.verdict === 'Time Limit Exceeded' ? timeLimitMs : t.timeMs;
}

function toSubmission(r: RawSubmission, testCases: readonly ResultsTestCase[]): TeacherSubmission {
  const details = readStoredDetails(r.details);
  const names = testNames(details.tests.map((t) => t.hidden));
  const tests: SubmissionTestRow[] = details.tests.map((t, index) => {
    const source = testCases[index];
    return {
      index,
      name: names[index] ?? `Test ${index + 1}`,
      hidden: t.hidden,
      weight: t.weight,
      verdict: t.verdict,
      timeMs: reportedTime(t, r.timeLimitMs),
      wallMs: t.wallMs,
      memoryBytes: t.memoryBytes,
      ...(t.group === undefined ? {} : { group: t.group }),
      ...(t.fraction === undefined ? {} : { fraction: t.fraction }),
      ...(t.judgeMessage === undefined ? {} : { judgeMessage: t.judgeMessage }),
      input: source?.input ?? '',
      expectedOutput: source?.expectedOutput ?? '',
      ...(t.sample ? { stdout: t.sample.stdout, stderr: t.sample.stderr } : {}),
    };
  });
  const status = z.enum(SUBMISSION_STATUS_VALUES).catch('failed').parse(r.status);
  return {
    submissionId: r.submissionId,
    number: r.number,
    createdAt: r.createdAt,
    judgedAt: r.judgedAt,
    status,
    verdict: r.verdict === null ? null : z.enum(VERDICTS).catch('Internal Error').parse(r.verdict),
    score: r.score,
    maxScore: details.maxScore,
    passed: r.passed,
    total: r.total,
    isBest: r.isBest,
    language: z.enum(languages).catch('python').parse(r.language),
    code: r.code,
    ...(details.compileOutput === undefined ? {} : { compileOutput: details.compileOutput }),
    // Results judged before compare modes existed were all compared exactly.
    ...(r.verdict === null ? {} : { compare: details.compare ?? EXACT_COMPARE_RULE }),
    tests,
  };
}
