/**
 * SQL for sittings and their attempts (docs/design/exams-and-sittings.md). A challenge's own
 * sitting is made the first time it is needed, so every way a challenge comes to exist (the form,
 * a package import, a restored backup) gets one without knowing about sittings.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { runPrepared } from '../db/prepared.ts';
import type { SittingLifecycle } from '../../contract/sittings.ts';
import type { StoredAccessRules } from '../../contract/access-rules.ts';
import { sittingAttempts, sittings } from '../db/schema.ts';

/** A student's timer at a sitting; `finishedAt`: they ended it early (an exam's "Finish exam"). */
export type SittingAttempt = {
  id: string;
  sittingId: string;
  /** 1, then 2 after a reset (issue 32), …: the highest is the current one. */
  number: number;
  startedAt: Date;
  deadline: Date;
  finishedAt: Date | null;
};

/** A sitting as the rules read it (sitting-rules.ts; its access rules: access/check-access.ts). */
export type Sitting = {
  id: string;
  lifecycle: SittingLifecycle;
  stoppedAt: Date | null;
  accessRules: StoredAccessRules | null;
};

const sittingColumns = {
  id: sittings.id,
  lifecycle: sittings.lifecycle,
  stoppedAt: sittings.stoppedAt,
  accessRules: sittings.accessRules,
};

/**
 * The sitting of a challenge on its own (kind `challenge`), made on first use with `lifecycle`
 * (published unless a caller says otherwise: an import makes a draft); an existing one is kept.
 */
export async function challengeSitting(
  db: Db,
  challengeId: string,
  lifecycle: SittingLifecycle = 'published',
): Promise<Sitting> {
  await db
    .insert(sittings)
    .values({ kind: 'challenge', challengeId, lifecycle })
    .onConflictDoNothing({ target: sittings.challengeId });
  const row = await findChallengeSitting(db, challengeId);
  if (!row) throw new Error('the sitting was not stored');
  return row;
}

/** A challenge's own sitting if it has one yet (a read only: nothing is made). */
export async function findChallengeSitting(
  db: Db,
  challengeId: string,
): Promise<Sitting | undefined> {
  const [row] = await db
    .select(sittingColumns)
    .from(sittings)
    .where(eq(sittings.challengeId, challengeId));
  return row;
}

/** The sitting with this id (an exam's: exams.sitting_id), if it exists. */
export async function findSitting(db: Db, sittingId: string): Promise<Sitting | undefined> {
  const [row] = await runPrepared(
    db.select(sittingColumns).from(sittings).where(eq(sittings.id, sittingId)),
  );
  return row;
}

/** Sets the lifecycle and the stop; undefined when the sitting does not exist. */
export async function writeSittingState(
  db: Db,
  sittingId: string,
  state: { lifecycle: SittingLifecycle; stoppedAt: Date | null },
): Promise<Sitting | undefined> {
  const [row] = await db
    .update(sittings)
    .set(state)
    .where(eq(sittings.id, sittingId))
    .returning(sittingColumns);
  return row;
}

/** Whether any student has begun an attempt at the sitting. */
export async function sittingStarted(db: Db, sittingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sittingAttempts.id })
    .from(sittingAttempts)
    .where(eq(sittingAttempts.sittingId, sittingId))
    .limit(1);
  return row !== undefined;
}

/** The student's current attempt at the sitting (the highest number), if they began one. */
export async function findSittingAttempt(
  db: Db,
  sittingId: string,
  userId: string,
): Promise<SittingAttempt | undefined> {
  const [row] = await runPrepared(
    db
      .select({
        id: sittingAttempts.id,
        sittingId: sittingAttempts.sittingId,
        number: sittingAttempts.number,
        startedAt: sittingAttempts.startedAt,
        deadline: sittingAttempts.deadline,
        finishedAt: sittingAttempts.finishedAt,
      })
      .from(sittingAttempts)
      .where(and(eq(sittingAttempts.sittingId, sittingId), eq(sittingAttempts.userId, userId)))
      .orderBy(desc(sittingAttempts.number))
      .limit(1),
  );
  return row;
}

/**
 * Begins the student's attempt numbered `number` at the sitting (the first, or the next after a
 * reset) unless it exists (two opens at once store one); returns the stored one, whose timer may
 * be the other open's.
 */
export async function beginSittingAttempt(
  db: Db,
  sittingId: string,
  userId: string,
  startedAt: Date,
  deadline: Date,
  number = 1,
): Promise<SittingAttempt> {
  await db
    .insert(sittingAttempts)
    .values({ sittingId, userId, number, startedAt, deadline })
    .onConflictDoNothing({
      target: [sittingAttempts.sittingId, sittingAttempts.userId, sittingAttempts.number],
    });
  const stored = await findSittingAttempt(db, sittingId, userId);
  if (!stored) throw new Error('the sitting attempt was not stored');
  return stored;
}

/**
 * The sitting of a challenge on its own, as a scalar subquery (null until it is first needed).
 * Every read of a challenge's own results, standings or submissions is restricted to it: the same
 * challenge may also be a problem of exams, whose standings and submissions are the exam's.
 */
export const ownSittingOf = (challengeId: string | SQL): SQL =>
  sql`(select own.id from sittings own where own.challenge_id = ${challengeId})`;

/**
 * The sitting attempts of one student at a sitting, as a subquery for `... in (...)`: every one
 * of them, so submissions of an earlier attempt stay visible after a reset (issue 32).
 */
export const attemptsAtSitting = (sitting: SQL, userId: string | SQL): SQL =>
  sql`(select sa_of.id from sitting_attempts sa_of
        where sa_of.sitting_id = ${sitting} and sa_of.user_id = ${userId})`;
