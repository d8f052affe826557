/**
 * SQL for accommodations (contract/accommodations.ts): the student's current accommodation at a
 * sitting, read by every begin (compiler/test-access.ts, exams/student-exam.ts), and the log.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AccommodationLogEntry } from '../../../contract/accommodations.ts';
import type { Db } from '../../db/connection.ts';
import { runPrepared } from '../../db/prepared.ts';
import { accommodationLog, sittingAccommodations, sittingAttempts } from '../../db/schema.ts';
import { NO_ACCOMMODATION, type Accommodation } from './accommodation-time.ts';

const accommodationColumns = {
  extraMinutes: sittingAccommodations.extraMinutes,
  durationFactor: sittingAccommodations.durationFactor,
  windowStart: sittingAccommodations.windowStart,
  windowEnd: sittingAccommodations.windowEnd,
  resetNumber: sittingAccommodations.resetNumber,
};

/** The student's accommodation at the sitting; NO_ACCOMMODATION when none was given. */
export async function findAccommodation(
  db: Db,
  sittingId: string,
  userId: string,
): Promise<Accommodation> {
  const [row] = await runPrepared(
    db
      .select(accommodationColumns)
      .from(sittingAccommodations)
      .where(
        and(
          eq(sittingAccommodations.sittingId, sittingId),
          eq(sittingAccommodations.userId, userId),
        ),
      ),
  );
  return row ?? NO_ACCOMMODATION;
}

/**
 * Inside a transaction: the accommodation row, made if missing and locked until the transaction
 * ends, so two staff members giving time at once add up instead of one overwriting the other.
 */
export async function lockAccommodation(
  tx: Db,
  sittingId: string,
  userId: string,
): Promise<Accommodation> {
  await tx.insert(sittingAccommodations).values({ sittingId, userId }).onConflictDoNothing();
  const [row] = await tx
    .select(accommodationColumns)
    .from(sittingAccommodations)
    .where(
      and(eq(sittingAccommodations.sittingId, sittingId), eq(sittingAccommodations.userId, userId)),
    )
    .for('update');
  if (!row) throw new Error('the accommodation was not stored');
  return row;
}

export async function writeAccommodation(
  tx: Db,
  sittingId: string,
  userId: string,
  a: Accommodation,
  now: Date,
): Promise<void> {
  await tx
    .update(sittingAccommodations)
    .set({ ...a, updatedAt: now })
    .where(
      and(eq(sittingAccommodations.sittingId, sittingId), eq(sittingAccommodations.userId, userId)),
    );
}

/** The student's current attempt, locked (an accommodation and a finish do not interleave). */
export async function lockCurrentAttempt(tx: Db, sittingId: string, userId: string) {
  const [row] = await tx
    .select({
      id: sittingAttempts.id,
      number: sittingAttempts.number,
      startedAt: sittingAttempts.startedAt,
      deadline: sittingAttempts.deadline,
      finishedAt: sittingAttempts.finishedAt,
    })
    .from(sittingAttempts)
    .where(and(eq(sittingAttempts.sittingId, sittingId), eq(sittingAttempts.userId, userId)))
    .orderBy(desc(sittingAttempts.number))
    .limit(1)
    .for('update');
  return row;
}

export type LockedAttempt = NonNullable<Awaited<ReturnType<typeof lockCurrentAttempt>>>;

export async function writeAttemptTimes(
  tx: Db,
  attemptId: string,
  times: { deadline: Date; finishedAt: Date | null },
): Promise<void> {
  await tx.update(sittingAttempts).set(times).where(eq(sittingAttempts.id, attemptId));
}

export type LogWrite = typeof accommodationLog.$inferInsert;

export async function appendLog(tx: Db, entry: LogWrite): Promise<void> {
  await tx.insert(accommodationLog).values(entry);
}

/** The log of the student at the sitting, newest first, with each entry's attempt number. */
export async function readLog(
  db: Db,
  sittingId: string,
  userId: string,
): Promise<AccommodationLogEntry[]> {
  const rows = await db
    .select({
      id: accommodationLog.id,
      kind: accommodationLog.kind,
      minutes: accommodationLog.minutes,
      factor: accommodationLog.factor,
      windowStart: accommodationLog.windowStart,
      windowEnd: accommodationLog.windowEnd,
      deadlineBefore: accommodationLog.deadlineBefore,
      deadlineAfter: accommodationLog.deadlineAfter,
      attemptNumber: sittingAttempts.number,
      givenById: accommodationLog.givenById,
      givenByEmail: accommodationLog.givenByEmail,
      givenByName: accommodationLog.givenByName,
      givenAt: accommodationLog.givenAt,
      reason: accommodationLog.reason,
    })
    .from(accommodationLog)
    .leftJoin(sittingAttempts, eq(sittingAttempts.id, accommodationLog.sittingAttemptId))
    .where(and(eq(accommodationLog.sittingId, sittingId), eq(accommodationLog.userId, userId)))
    .orderBy(desc(accommodationLog.givenAt));
  const isoOf = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    minutes: r.minutes,
    factor: r.factor,
    windowStart: isoOf(r.windowStart),
    windowEnd: isoOf(r.windowEnd),
    deadlineBefore: isoOf(r.deadlineBefore),
    deadlineAfter: isoOf(r.deadlineAfter),
    attemptNumber: r.attemptNumber,
    givenBy: { id: r.givenById, email: r.givenByEmail, name: r.givenByName },
    givenAt: r.givenAt.toISOString(),
    reason: r.reason,
  }));
}
