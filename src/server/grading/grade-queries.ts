/**
 * The grade of one problem of one student (contract/grading.ts): the standing it belongs to (the
 * student's current attempt at the challenge's own sitting, or at an exam's), its automatic
 * score as the sitting counts it, the current override and manual points (the standing's
 * columns), and the history of entries. Also the one writer of a new entry: the history row and
 * the standing's columns in one transaction, so they never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  finalScore,
  overrideOf,
  type GradeEntry,
  type GradeInput,
  type GradeState,
  type StudentGrade,
} from '../../contract/grading.ts';
import type { Db } from '../db/connection.ts';
import { iso, rowsOf } from '../db/sql-helpers.ts';

/** The standing graded, with what the grade needs of its challenge. */
export type GradedStanding = {
  attemptId: string;
  sittingAttemptId: string;
  challengeId: string;
  userId: string;
  maxScore: number;
  manualPointsMax: number;
  automatic: number | null;
  overrideKind: string | null;
  overrideValue: number | null;
  manualPoints: number | null;
};

/**
 * The student's standing on the challenge at `sitting` (a uuid expression), in their latest
 * sitting attempt there (after a reset, the new one: what Results shows). `lastScoring`: the
 * automatic score is the latest judged submission's (an exam scored by its last submission),
 * otherwise the standing's best.
 */
export async function findGradedStanding(
  db: Db,
  challengeId: string,
  userId: string,
  sitting: SQL,
  lastScoring = false,
): Promise<GradedStanding | undefined> {
  const automatic = lastScoring
    ? sql`(select s.score from submissions s
        where s.sitting_attempt_id = a.sitting_attempt_id and s.challenge_id = a.challenge_id
          and s.verdict is not null order by s.created_at desc, s.id desc limit 1)`
    : sql`a.best_score`;
  const found = await db.execute(sql`
    select a.id as "attemptId", a.sitting_attempt_id as "sittingAttemptId", c.challenge_id as "challengeId", a.user_id as "userId",
      c.score as "maxScore", c.manual_points_max as "manualPointsMax",
      ${automatic} as automatic, a.override_kind as "overrideKind",
      a.override_value as "overrideValue", a.manual_points as "manualPoints"
    from attempts a
      join challenges c on c.challenge_id = a.challenge_id
      join sitting_attempts sa on sa.id = a.sitting_attempt_id
    where lower(a.challenge_id) = lower(${challengeId}) and a.user_id = ${userId}::uuid
      and a.sitting_id = ${sitting}
    order by sa.number desc limit 1`);
  return rowsOf<GradedStanding>(found)[0];
}

export async function readGradeHistory(db: Db, attemptId: string): Promise<GradeEntry[]> {
  const found = await db.execute(sql`
    select part, kind, value, reason, staff_email as by, ${iso(sql`created_at`)} as at
    from score_overrides where attempt_id = ${attemptId}::uuid
    order by created_at desc, id desc`);
  return rowsOf<GradeEntry>(found);
}

/** The grade's figures, as the student may see them. */
export function studentGradeOf(standing: GradedStanding): StudentGrade {
  const override = overrideOf(standing.overrideKind, standing.overrideValue);
  return {
    maxScore: standing.maxScore,
    manualPointsMax: standing.manualPointsMax,
    automatic: standing.automatic,
    override,
    manualPoints: standing.manualPoints,
    finalScore: finalScore(standing.automatic, override, standing.manualPoints, standing.maxScore),
  };
}

export async function gradeStateOf(db: Db, standing: GradedStanding): Promise<GradeState> {
  return {
    challengeId: standing.challengeId,
    userId: standing.userId,
    ...studentGradeOf(standing),
    history: await readGradeHistory(db, standing.attemptId),
  };
}

/**
 * Appends the entry and sets the standing's current grade from it, in one transaction. Updating
 * the standing fires the exam totals' trigger (migration 0036) in that transaction too.
 */
export async function writeGradeEntry(
  db: Db,
  attemptId: string,
  input: GradeInput,
  staff: { id: string; email: string },
): Promise<void> {
  const value = input.kind === 'clear' ? null : (input.value ?? null);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    insert into score_overrides (attempt_id, part, kind, value, reason, staff_id, staff_email)
    values (${attemptId}::uuid, ${input.part}, ${input.kind}, ${value}, ${input.reason},
      ${staff.id}::uuid, ${staff.email})`);
    const set =
      input.part === 'manual'
        ? sql`manual_points = ${value}`
        : sql`override_kind = ${input.kind === 'clear' ? null : input.kind},
          override_value = ${value}`;
    await tx.execute(sql`update attempts set ${set} where id = ${attemptId}::uuid`);
  });
}

/** Sets the challenge's manual points' maximum; false when there is no such challenge. */
export async function writeManualPointsMax(
  db: Db,
  challengeId: string,
  max: number,
): Promise<string | undefined> {
  const found = await db.execute(sql`
    update challenges set manual_points_max = ${max}
    where lower(challenge_id) = lower(${challengeId}) returning challenge_id as "challengeId"`);
  return rowsOf<{ challengeId: string }>(found)[0]?.challengeId;
}
