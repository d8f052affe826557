/**
 * A student's attempt written straight into the database, as the first open would write it: the
 * challenge's sitting, a sitting attempt holding the timer, and the standing on the challenge.
 */
import type { Db } from '../../src/server/db/connection.ts';
import { attempts, sittingAttempts } from '../../src/server/db/schema.ts';
import { challengeSitting } from '../../src/server/sittings/sitting-queries.ts';

type Standing = Omit<typeof attempts.$inferInsert, 'userId' | 'challengeId' | 'sittingAttemptId'>;

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
    .values({ userId, challengeId, sittingAttemptId: timer.id, ...standing })
    .returning({ id: attempts.id });
  if (!row) throw new Error('no attempt inserted');
  return row.id;
}
