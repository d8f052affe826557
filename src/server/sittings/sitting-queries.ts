/**
 * SQL for sittings and their attempts (docs/design/exams-and-sittings.md). A challenge's own
 * sitting is made the first time it is needed, so every way a challenge comes to exist (the form,
 * a package import, a restored backup) gets one without knowing about sittings.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { sittingAttempts, sittings } from '../db/schema.ts';

/** A student's timer at a sitting. */
export type SittingAttempt = { id: string; startedAt: Date; deadline: Date };

/** The sitting of a challenge on its own (kind `challenge`), made on first use. */
export async function challengeSittingId(db: Db, challengeId: string): Promise<string> {
  await db
    .insert(sittings)
    .values({ kind: 'challenge', challengeId })
    .onConflictDoNothing({ target: sittings.challengeId });
  const [row] = await db
    .select({ id: sittings.id })
    .from(sittings)
    .where(eq(sittings.challengeId, challengeId));
  if (!row) throw new Error('the sitting was not stored');
  return row.id;
}

/** The student's current attempt at the sitting (the highest number), if they began one. */
export async function findSittingAttempt(
  db: Db,
  sittingId: string,
  userId: string,
): Promise<SittingAttempt | undefined> {
  const [row] = await db
    .select({
      id: sittingAttempts.id,
      startedAt: sittingAttempts.startedAt,
      deadline: sittingAttempts.deadline,
    })
    .from(sittingAttempts)
    .where(and(eq(sittingAttempts.sittingId, sittingId), eq(sittingAttempts.userId, userId)))
    .orderBy(desc(sittingAttempts.number))
    .limit(1);
  return row;
}

/**
 * Begins the student's first attempt at the sitting unless it exists (two first opens at once
 * store one); returns the stored one, whose timer may be the other open's.
 */
export async function beginSittingAttempt(
  db: Db,
  sittingId: string,
  userId: string,
  startedAt: Date,
  deadline: Date,
): Promise<SittingAttempt> {
  await db
    .insert(sittingAttempts)
    .values({ sittingId, userId, number: 1, startedAt, deadline })
    .onConflictDoNothing({
      target: [sittingAttempts.sittingId, sittingAttempts.userId, sittingAttempts.number],
    });
  const stored = await findSittingAttempt(db, sittingId, userId);
  if (!stored) throw new Error('the sitting attempt was not stored');
  return stored;
}
