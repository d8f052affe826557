/**
 * Shared by the exams API tests: an exam's input, students written straight into the database
 * with a session token minted by the server's own token service (hundreds of sign-ups would spend
 * minutes hashing passwords), the student's calls (open, finish, a compiler token under the
 * exam), and judged submissions seeded under an exam's sitting attempt with the standing the
 * judge would keep (record-result.ts's refreshStanding), so scores do not wait on the judge.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GetTokenResponse } from '../../src/contract/compiler.ts';
import {
  examLifecyclePath,
  examsPath,
  studentExamOpenPath,
  type ExamInput,
  type ExamSlotInput,
  type StudentExam,
} from '../../src/contract/exams.ts';
import { submissions } from '../../src/server/db/schema.ts';
import { poolSql } from '../../src/server/db/transaction.ts';
import { refreshStanding } from '../../src/server/submissions/record-result.ts';
import { bearer, call, queryRows, type JsonResponse, type TestServer } from './harness.ts';

export const examInput = (
  examCode: string,
  slots: ExamSlotInput[],
  overrides: Partial<ExamInput> = {},
): ExamInput => ({
  examCode,
  title: `Exam ${examCode}`,
  instructions: 'Answer **every** problem.',
  startDate: '2020-01-01',
  startTime: '00:00',
  endDate: '2099-12-31',
  endTime: '23:59',
  durationMinutes: 90,
  scoring: 'best',
  slots,
  ...overrides,
});

export async function createExam(
  server: TestServer,
  admin: Record<string, string>,
  input: ExamInput,
): Promise<void> {
  const res = await call(server, 'POST', examsPath, input, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A new exam is a draft: the tests that use this fixture sit it, so it is published.
  const published = await call(
    server,
    'POST',
    examLifecyclePath(input.examCode),
    { action: 'publish' },
    admin,
  );
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

export type ExamStudent = {
  id: string;
  email: string;
  name: string;
  session: Record<string, string>;
};

/** Students inserted in one statement, each with a session token. */
export async function seedStudents(
  server: TestServer,
  prefix: string,
  count: number,
): Promise<ExamStudent[]> {
  const rows = await queryRows(
    server,
    `insert into users (email, name, password_hash, branch)
     select $1 || '-' || i || '@college.test', 'Student ' || $1 || ' ' || lpad(i::text, 4, '0'),
            'not-a-real-hash', (array['CSE', 'ECE'])[(i % 2) + 1]
       from generate_series(1, $2::int) i
     returning id::text as id, email, name`,
    [prefix, count],
  );
  return Promise.all(
    rows.map(async (r) => {
      const token = await server.tokens.issue({
        sub: String(r.id),
        email: String(r.email),
        name: String(r.name),
        role: 'student',
        ver: 0,
      });
      return {
        id: String(r.id),
        email: String(r.email),
        name: String(r.name),
        session: bearer(token),
      };
    }),
  );
}

export async function openExam(
  server: TestServer,
  student: ExamStudent,
  code: string,
): Promise<StudentExam> {
  const res = await call(server, 'POST', studentExamOpenPath(code), undefined, student.session);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as StudentExam;
}

/** Headers for /api/compiler/* (token and application key), and getToken's page address. */
export async function compilerHeaders(
  server: TestServer,
  student: ExamStudent,
  challengeId: string,
  examCode?: string,
): Promise<{ headers: Record<string, string>; url: string }> {
  const res: JsonResponse = await call(
    server,
    'POST',
    '/api/user/getToken',
    { email: student.email, name: student.name, challengeId, ...(examCode ? { examCode } : {}) },
    student.session,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { token, url = '' } = res.body as GetTokenResponse;
  const appKey = new URL(url, 'http://x').searchParams.get('appKey') ?? '';
  return { headers: { ...bearer(token), 'x-app-key': appKey }, url };
}

/** The student's current sitting attempt at the exam. */
export async function examSittingAttempt(
  server: TestServer,
  userId: string,
  code: string,
): Promise<string> {
  const [row] = await queryRows(
    server,
    `select sa.id::text as id from sitting_attempts sa join exams e on e.sitting_id = sa.sitting_id
      where lower(e.code) = lower($1) and sa.user_id = $2 order by sa.number desc limit 1`,
    [code, userId],
  );
  if (!row) throw new Error(`${userId} has not opened ${code}`);
  return String(row.id);
}

/**
 * A judged submission under the sitting attempt, as the judge queue would leave it: the standing
 * (opened now if it was not) counts it, and its best is recomputed.
 */
export async function seedJudged(
  server: TestServer,
  s: {
    userId: string;
    sittingAttemptId: string;
    challengeId: string;
    score: number;
    verdict?: string;
    at: Date;
    /** The program (Python); by default one that prints the score. */
    code?: string;
  },
): Promise<string> {
  const db = server.database.db;
  await queryRows(
    server,
    `insert into attempts (user_id, challenge_id, sitting_attempt_id, sitting_id, started_at)
     select $1, $2, sa.id, sa.sitting_id, $4 from sitting_attempts sa where sa.id = $3
     on conflict (sitting_attempt_id, challenge_id) do nothing`,
    [s.userId, s.challengeId, s.sittingAttemptId, s.at],
  );
  const [row] = await db
    .insert(submissions)
    .values({
      userId: s.userId,
      challengeId: s.challengeId,
      sittingAttemptId: s.sittingAttemptId,
      language: 'python',
      code: s.code ?? `print(${s.score})`,
      status: 'judged',
      verdict: s.verdict ?? (s.score > 0 ? 'Accepted' : 'Wrong Answer'),
      passed: 1,
      total: 1,
      score: s.score,
      details: { maxScore: 100, tests: [] },
      createdAt: s.at,
      judgedAt: s.at,
    })
    .returning({ id: submissions.id });
  if (!row) throw new Error('no submission inserted');
  const iso = s.at.toISOString();
  await db.execute(sql`
    update attempts set submission_count = submission_count + 1,
      last_submission_at = greatest(coalesce(last_submission_at, ${iso}::timestamptz),
        ${iso}::timestamptz)
    where sitting_attempt_id = ${s.sittingAttemptId} and challenge_id = ${s.challengeId}`);
  await refreshStanding(poolSql(server.database.pool), s.sittingAttemptId, s.challengeId);
  return row.id;
}

/** seedJudged under the student's current attempt at the exam `examCode`. */
export async function seedJudgedInExam(
  server: TestServer,
  examCode: string,
  s: Omit<Parameters<typeof seedJudged>[1], 'sittingAttemptId'>,
): Promise<string> {
  const sittingAttemptId = await examSittingAttempt(server, s.userId, examCode);
  return seedJudged(server, { ...s, sittingAttemptId });
}
