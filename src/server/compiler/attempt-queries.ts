/** SQL for attempts: the first open records the start and the deadline, once. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { attempts } from '../db/schema.ts';

export type Attempt = { startedAt: Date; deadline: Date };

export async function findAttempt(
  db: Db,
  userId: string,
  challengeId: string,
): Promise<Attempt | undefined> {
  const [row] = await db
    .select({ startedAt: attempts.startedAt, deadline: attempts.deadline })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.challengeId, challengeId)));
  return row;
}

/** Records the attempt unless one exists (insert … on conflict do nothing); returns the stored one. */
export async function recordAttempt(
  db: Db,
  userId: string,
  challengeId: string,
  startedAt: Date,
  deadline: Date,
): Promise<Attempt> {
  await db
    .insert(attempts)
    .values({ userId, challengeId, startedAt, deadline })
    .onConflictDoNothing({ target: [attempts.userId, attempts.challengeId] });
  const stored = await findAttempt(db, userId, challengeId);
  if (!stored) throw new Error('the attempt was not stored');
  return stored;
}
