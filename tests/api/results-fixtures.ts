/**
 * Seeds results data straight into the database (students, attempts with their standing columns,
 * judged submissions with stored details), without the submit path: the results calls only read
 * what the judge queue writes, and these tests must not depend on how it gets there.
 */
import { eq } from 'drizzle-orm';
import { attempts, challenges, submissions, testCases, users } from '../../src/server/db/schema.ts';
import type { Verdict } from '../../src/contract/verdicts.ts';
import type { TestServer } from './harness.ts';
import { insertAttempt, ownSittingAttemptId } from './insert-attempt.ts';

export const HIDDEN_INPUT = 'HIDDEN-INPUT-7 8\n';
export const HIDDEN_OUTPUT = 'HIDDEN-OUTPUT-15\n';

/** Tests of the seeded challenges: one sample, then two hidden ones. */
export const TESTS = [
  { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
  { input: HIDDEN_INPUT, expectedOutput: HIDDEN_OUTPUT, hidden: true, weight: 3 },
  { input: '5 5\n', expectedOutput: '10\n', hidden: true, weight: 1 },
] as const;

export async function seedChallenge(server: TestServer, challengeId: string, score = 100) {
  const db = server.database.db;
  await db.insert(challenges).values({
    challengeId,
    challengeName: `Results ${challengeId}`,
    challengeDesc: 'd',
    difficultyLev: 'easy',
    score,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    timeDur: 60,
    language: 'python',
    tags: 't',
  });
  await db.insert(testCases).values(TESTS.map((t, ordinal) => ({ ...t, challengeId, ordinal })));
}

export type SeedStudent = {
  name: string;
  email: string;
  year?: string | null;
  branch?: string | null;
  college?: string | null;
  claimed?: boolean;
  createdAt?: Date;
};

export async function seedStudent(server: TestServer, s: SeedStudent): Promise<string> {
  const [row] = await server.database.db
    .insert(users)
    .values({
      email: s.email,
      name: s.name,
      year: s.year ?? null,
      branch: s.branch ?? null,
      college: s.college ?? null,
      passwordHash: s.claimed ? 'not-a-real-hash' : null,
      ...(s.createdAt ? { createdAt: s.createdAt } : {}),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user inserted');
  return row.id;
}

export type SeedSubmission = {
  /** Seconds after the attempt started. */
  at: number;
  score: number;
  /** Verdict per test, in TESTS order (default: all Accepted). Null: not judged yet. */
  tests?: Verdict[] | null;
  status?: 'queued' | 'running' | 'judged' | 'failed';
  code?: string;
};

const overall = (tests: Verdict[]): Verdict => tests.find((v) => v !== 'Accepted') ?? 'Accepted';

/**
 * An attempt and its submissions, with the standing the judge would keep: best judged score and
 * the earliest submission with it, the count, the last submission's time.
 */
export async function seedAttempt(
  server: TestServer,
  options: {
    userId: string;
    challengeId: string;
    startedAt: Date;
    durationMinutes?: number;
    submissions?: SeedSubmission[];
    maxScore?: number;
  },
): Promise<{ submissionIds: string[] }> {
  const db = server.database.db;
  const deadline = new Date(options.startedAt.getTime() + (options.durationMinutes ?? 60) * 60_000);
  // The standing first (its submissions name its sitting attempt), its figures after them.
  const attemptId = await insertAttempt(db, {
    userId: options.userId,
    challengeId: options.challengeId,
    startedAt: options.startedAt,
    deadline,
  });
  const sittingAttemptId = await ownSittingAttemptId(db, options.userId, options.challengeId);
  const ids: string[] = [];
  let best: { score: number; id: string } | null = null;
  let last: Date | null = null;
  for (const sub of options.submissions ?? []) {
    const status = sub.status ?? 'judged';
    const judged = status === 'judged';
    const verdicts = sub.tests ?? TESTS.map((): Verdict => 'Accepted');
    const createdAt = new Date(options.startedAt.getTime() + sub.at * 1000);
    const [row] = await db
      .insert(submissions)
      .values({
        userId: options.userId,
        challengeId: options.challengeId,
        sittingAttemptId,
        language: 'python',
        code: sub.code ?? `print(${sub.score})`,
        status,
        verdict: judged ? overall(verdicts) : null,
        passed: judged ? verdicts.filter((v) => v === 'Accepted').length : 0,
        total: judged ? verdicts.length : 0,
        score: judged ? sub.score : 0,
        details: judged
          ? {
              maxScore: options.maxScore ?? 100,
              tests: verdicts.map((verdict, i) => ({
                hidden: TESTS[i]?.hidden ?? true,
                weight: TESTS[i]?.weight ?? 1,
                verdict,
                timeMs: 10 + i,
                wallMs: 20 + i,
                memoryBytes: 1_000_000 + i,
                ...(TESTS[i]?.hidden === false
                  ? {
                      sample: {
                        input: TESTS[i].input,
                        expectedOutput: TESTS[i].expectedOutput,
                        stdout: 'out-' + i,
                        stderr: 'err-' + i,
                      },
                    }
                  : {}),
              })),
            }
          : null,
        createdAt,
        judgedAt: judged ? createdAt : null,
      })
      .returning({ id: submissions.id });
    if (!row) throw new Error('no submission inserted');
    ids.push(row.id);
    if (judged && (best === null || sub.score > best.score))
      best = { score: sub.score, id: row.id };
    if (last === null || createdAt > last) last = createdAt;
  }
  await db
    .update(attempts)
    .set({
      bestScore: best?.score ?? null,
      bestSubmissionId: best?.id ?? null,
      submissionCount: ids.length,
      lastSubmissionAt: last,
    })
    .where(eq(attempts.id, attemptId));
  return { submissionIds: ids };
}
