/**
 * A student's attempt written straight into the database, as the first open would write it: the
 * challenge's sitting, a sitting attempt holding the timer, and the standing on the challenge.
 */
import type { Db } from '../../src/server/db/connection.ts';
import { and, eq } from 'drizzle-orm';
import { attempts, sittingAttempts, sittings } from '../../src/server/db/schema.ts';
import { challengeSitting } from '../../src/server/sittings/sitting-queries.ts';

type Standing = Omit<
  typeof attempts.$inferInsert,
  'userId' | 'challengeId' | 'sittingAttemptId' | 'sittingId'
>;

export async function insertAttempt(
  db: Db,
  attempt: { userId: string; challengeId: string; deadline: Date } & Standing,
): Promise<string> {
  const { userId, challengeId, deadline, ...standing } = attempt;
  const { id: sittingId } = await challengeSitting(db, challengeId);
  const [timer] = await db
    .insert(sittingAttempts)
    .values({
      sittingId,
      userId,
      deadline,
      ...(standing.startedAt ? { startedAt: standing.startedAt } : {}),
    })
    .returning({ id: sittingAttempts.id });
  if (!timer) throw new Error('no sitting attempt inserted');
  const [row] = await db
    .insert(attempts)
    .values({ userId, challengeId, sittingAttemptId: timer.id, sittingId, ...standing })
    .returning({ id: attempts.id });
  if (!row) throw new Error('no attempt inserted');
  return row.id;
}

/**
 * The sitting attempt of a student's standing on a challenge on its own (its submissions are
 * stored under it): for submissions written straight into the database.
 */
export async function ownSittingAttemptId(
  db: Db,
  userId: string,
  challengeId: string,
): Promise<string> {
  const [row] = await db
    .select({ id: attempts.sittingAttemptId })
    .from(attempts)
    .innerJoin(sittingAttempts, eq(sittingAttempts.id, attempts.sittingAttemptId))
    .innerJoin(sittings, eq(sittings.id, sittingAttempts.sittingId))
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.challengeId, challengeId),
        eq(sittings.challengeId, challengeId),
      ),
    );
  if (!row) throw new Error(`no standing of ${userId} on ${challengeId}`);
  return row.id;
}
