/**
 * SQL for challenges and their test cases. A challenge and its tests are always written together
 * in one transaction, so a failed save never leaves a challenge with half its tests.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  otherLanguages,
  type Challenge,
  type ChallengeSummary,
  type TestCase,
} from '../../contract/challenges.ts';
import {
  compareRuleSchema,
  EXACT_COMPARE_RULE,
  NEW_CHALLENGE_COMPARE_RULE,
  type CompareRule,
} from '../../contract/compare-rule.ts';
import { testGroupSchema } from '../../contract/test-groups.ts';
import { inVisibleCourses } from '../auth/course-scope.ts';
import { kattisGradingSchema } from '../../contract/kattis-grading.ts';
import type { Db } from '../db/connection.ts';
import type { SittingLifecycle } from '../../contract/sittings.ts';
import { attempts, challenges, sittings, testCases, testData } from '../db/schema.ts';
import { examMessages } from '../../contract/exams.ts';
import { isForeignKeyViolation } from '../db/unique-violation.ts';
import { examUsingChallenge } from '../exams/exam-queries.ts';
import { examHasCode, lockTestCode } from '../exams/test-codes.ts';
import { HttpError } from '../http-error.ts';

type ChallengeRow = typeof challenges.$inferSelect;
/**
 * What the routes hand over: the parsed input with its defaults filled. `compare` may be missing:
 * a new challenge then gets the default validator, an updated one keeps its rule.
 */
export type ChallengeValues = Omit<
  Challenge,
  | 'testCases'
  | 'compare'
  | 'checkerSource'
  | 'captureTabChanges'
  | 'disablePaste'
  | 'startTime'
  | 'endTime'
  | 'timeZone'
> & {
  testCases: TestCase[];
  /** "HH:MM"; absent on an update keeps the stored one, on a new one is the column's default. */
  startTime?: string | undefined;
  endTime?: string | undefined;
  compare?: CompareRule | undefined;
  checkerSource?: string | undefined;
  /** Exam integrity settings: absent on an update keeps the stored ones, on a new one is off. */
  captureTabChanges?: boolean | undefined;
  disablePaste?: boolean | undefined;
  /** Only read by a creation, through insertChallenge's own argument. */
  courseId?: string | undefined;
};

/** Read leniently: a value the contract does not know reads as the rule of old rows, exact. */
const storedRule = compareRuleSchema.catch(EXACT_COMPARE_RULE);
const storedGroups = z.array(testGroupSchema).catch([]);
const storedGrading = kattisGradingSchema.nullable().catch(null);
/** A `time(0)` column reads as "HH:MM:SS"; the contract's times are "HH:MM". */
const minutes = (time: string) => time.slice(0, 5);
function toChallenge(row: ChallengeRow, tests: TestCase[]): Challenge {
  return {
    challengeName: row.challengeName,
    challengeDesc: row.challengeDesc,
    difficultyLev: row.difficultyLev as Challenge['difficultyLev'],
    score: row.score,
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: minutes(row.startTime),
    endTime: minutes(row.endTime),
    timeDur: row.timeDur,
    challengeId: row.challengeId,
    language: row.language as Challenge['language'],
    // A name the judge no longer knows is dropped, not an error.
    languages: otherLanguages(row.language as Challenge['language'], row.languages),
    tags: row.tags,
    starterCode: row.starterCode,
    timeLimitMs: row.timeLimitMs,
    memoryLimitMb: row.memoryLimitMb,
    outputLimitMb: row.outputLimitMb,
    testCases: tests,
    testGroups: storedGroups.parse(row.testGroups),
    grading: storedGrading.parse(row.grading),
    compare: storedRule.parse(row.compare),
    checkerSource: row.checkerSource,
    checkerArgs: row.checkerArgs,
    interactive: row.interactive,
    captureTabChanges: row.captureTabChanges,
    disablePaste: row.disablePaste,
  };
}

/**
 * `compare`, `checkerSource`, the output limit, the integrity settings and the times are written
 * only when given (the column's default is a new challenge's output limit):
 * an update without them keeps them.
 */
function columns(values: ChallengeValues) {
  const {
    testCases: _tests,
    compare,
    checkerSource,
    captureTabChanges,
    disablePaste,
    startTime,
    endTime,
    courseId: _course,
    outputLimitMb,
    grading,
    interactive,
    checkerArgs,
    ...fields
  } = values;
  return {
    ...fields,
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
    ...(compare === undefined ? {} : { compare }),
    ...(outputLimitMb === undefined ? {} : { outputLimitMb }),
    ...(grading === undefined ? {} : { grading }),
    ...(interactive === undefined ? {} : { interactive }),
    ...(checkerArgs === undefined ? {} : { checkerArgs }),
    ...(checkerSource === undefined ? {} : { checkerSource }),
    ...(captureTabChanges === undefined ? {} : { captureTabChanges }),
    ...(disablePaste === undefined ? {} : { disablePaste }),
  };
}

const inputData = alias(testData, 'input_data');
const outputData = alias(testData, 'output_data');

async function readTests(db: Db, challengeId: string): Promise<TestCase[]> {
  const rows = await db
    .select({
      input: testCases.input,
      expectedOutput: testCases.expectedOutput,
      hidden: testCases.hidden,
      weight: testCases.weight,
      group: testCases.groupName,
      inputSha256: testCases.inputSha256,
      inputSize: inputData.size,
      outputSha256: testCases.expectedOutputSha256,
      outputSize: outputData.size,
    })
    .from(testCases)
    .leftJoin(inputData, eq(inputData.sha256, testCases.inputSha256))
    .leftJoin(outputData, eq(outputData.sha256, testCases.expectedOutputSha256))
    .where(eq(testCases.challengeId, challengeId))
    .orderBy(asc(testCases.ordinal));
  return rows.map(({ group, inputSha256, inputSize, outputSha256, outputSize, ...t }) => ({
    ...t,
    ...(inputSha256 ? { inputFile: { sha256: inputSha256, size: inputSize ?? 0 } } : {}),
    ...(outputSha256
      ? { expectedOutputFile: { sha256: outputSha256, size: outputSize ?? 0 } }
      : {}),
    ...(group === null ? {} : { group }),
  }));
}

async function writeTests(db: Db, challengeId: string, tests: TestCase[]): Promise<void> {
  await db.delete(testCases).where(eq(testCases.challengeId, challengeId));
  if (tests.length === 0) return;
  await db.insert(testCases).values(
    tests.map(({ group, inputFile, expectedOutputFile, ...t }, ordinal) => ({
      ...t,
      groupName: group ?? null,
      inputSha256: inputFile?.sha256 ?? null,
      expectedOutputSha256: expectedOutputFile?.sha256 ?? null,
      challengeId,
      ordinal,
    })),
  );
}

/** The stored times of a challenge ("HH:MM"), for an update that leaves one out. */
export async function findChallengeTimes(
  db: Db,
  challengeId: string,
): Promise<{ startTime: string; endTime: string } | undefined> {
  const [row] = await db
    .select({ startTime: challenges.startTime, endTime: challenges.endTime })
    .from(challenges)
    .where(eq(challenges.challengeId, challengeId));
  return row && { startTime: minutes(row.startTime), endTime: minutes(row.endTime) };
}

export async function findChallenge(db: Db, challengeId: string): Promise<Challenge | undefined> {
  const [row] = await db.select().from(challenges).where(eq(challenges.challengeId, challengeId));
  return row ? toChallenge(row, await readTests(db, challengeId)) : undefined;
}

/**
 * Undefined when a challenge has the test code; an exam's code (in any case) is refused with
 * examCodeTaken: a typed test code names one thing (exams/test-codes.ts).
 */
export async function insertChallenge(
  db: Db,
  values: ChallengeValues,
  courseId: string,
): Promise<Challenge | undefined> {
  return db.transaction(async (tx) => {
    await lockTestCode(tx, values.challengeId);
    if (await examHasCode(tx, values.challengeId))
      throw new HttpError(409, examMessages.examCodeTaken);
    const [row] = await tx
      .insert(challenges)
      .values({ compare: NEW_CHALLENGE_COMPARE_RULE, ...columns(values), courseId })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await writeTests(tx, row.challengeId, values.testCases);
    return toChallenge(row, values.testCases);
  });
}

/** Undefined when no challenge has that test code. */
export async function updateChallenge(
  db: Db,
  values: ChallengeValues,
): Promise<Challenge | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(challenges)
      .set({ ...columns(values), updatedAt: sql`now()` })
      .where(eq(challenges.challengeId, values.challengeId))
      .returning();
    if (!row) return undefined;
    await writeTests(tx, row.challengeId, values.testCases);
    return toChallenge(row, values.testCases);
  });
}

/**
 * Deletes the challenge with its tests, attempts and submissions; returns what was deleted. One
 * that an exam holds (in a slot, or drawn for a student) is refused with a 409 naming the exam:
 * the exam would otherwise lose a problem its students sit (the foreign keys RESTRICT it too).
 */
export async function deleteChallenge(db: Db, challengeId: string): Promise<Challenge | undefined> {
  const inExam = (exam: string) =>
    new HttpError(409, examMessages.challengeInExam.replace('{examCode}', exam));
  try {
    return await db.transaction(async (tx) => {
      const existing = await findChallenge(tx, challengeId);
      if (!existing) return undefined;
      const exam = await examUsingChallenge(tx, challengeId);
      if (exam !== undefined) throw inExam(exam);
      await tx.delete(challenges).where(eq(challenges.challengeId, challengeId));
      return existing;
    });
  } catch (error) {
    // An exam took it up after the check above: the key refused the delete.
    if (!isForeignKeyViolation(error)) throw error;
    throw inExam((await examUsingChallenge(db, challengeId)) ?? challengeId);
  }
}

const summaryColumns = {
  challengeId: challenges.challengeId,
  challengeName: challenges.challengeName,
  difficultyLev: challenges.difficultyLev,
  score: challenges.score,
  startDate: challenges.startDate,
  endDate: challenges.endDate,
  startTime: challenges.startTime,
  endTime: challenges.endTime,
  timeDur: challenges.timeDur,
  language: challenges.language,
  tags: challenges.tags,
  timeLimitMs: challenges.timeLimitMs,
  memoryLimitMb: challenges.memoryLimitMb,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof challenges.$inferSelect)[K] } & {
  testCaseCount: number;
};

function toSummary(row: SummaryRow): ChallengeSummary {
  return {
    ...row,
    startTime: minutes(row.startTime),
    endTime: minutes(row.endTime),
    difficultyLev: row.difficultyLev as ChallengeSummary['difficultyLev'],
    language: row.language as ChallengeSummary['language'],
    testCaseCount: Number(row.testCaseCount),
  };
}

/**
 * Every challenge of the courses `visible` names (all for owners), newest start first, with its
 * sitting's lifecycle (the staff's list).
 */
export async function listChallenges(
  db: Db,
  visible: 'all' | string[] = 'all',
): Promise<ChallengeSummary[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      testCaseCount: count(testCases.id),
      // A challenge nobody has opened may have no sitting yet: it is published (sittings/).
      lifecycle: sql<SittingLifecycle>`coalesce(${sittings.lifecycle}, 'published')`,
      stoppedAt: sittings.stoppedAt,
      courseId: challenges.courseId,
    })
    .from(challenges)
    .leftJoin(testCases, eq(testCases.challengeId, challenges.challengeId))
    .leftJoin(sittings, eq(sittings.challengeId, challenges.challengeId))
    .where(inVisibleCourses(challenges.courseId, visible))
    .groupBy(challenges.challengeId, sittings.id)
    .orderBy(
      sql`${challenges.startDate} desc`,
      sql`${challenges.startTime} desc`,
      asc(challenges.challengeId),
    );
  return rows.map(({ lifecycle, stoppedAt, courseId, ...row }) => ({
    ...toSummary(row),
    lifecycle,
    stoppedAt: stoppedAt?.toISOString() ?? null,
    courseId,
  }));
}

/** The challenges one student has opened, with their best judged score so far (kept on the attempt). */
export async function listAttemptedChallenges(db: Db, userId: string): Promise<ChallengeSummary[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      testCaseCount: sql<number>`(select count(*) from ${testCases} where ${testCases.challengeId} = ${challenges.challengeId})::int`,
      bestScore: attempts.bestScore,
      startedAt: attempts.startedAt,
    })
    .from(attempts)
    .innerJoin(challenges, eq(challenges.challengeId, attempts.challengeId))
    // Challenges taken on their own: an exam's problems are listed by the exam.
    .innerJoin(
      sittings,
      and(eq(sittings.id, attempts.sittingId), eq(sittings.challengeId, attempts.challengeId)),
    )
    .where(eq(attempts.userId, userId))
    .orderBy(sql`${attempts.startedAt} desc`);
  return rows.map(({ bestScore, startedAt, ...row }) => ({
    ...toSummary(row),
    bestScore: bestScore ?? null,
    startedAt: startedAt.toISOString(),
  }));
}
