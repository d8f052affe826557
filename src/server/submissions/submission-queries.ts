/** SQL that reads submissions and the student's standing on a challenge. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { attempts, submissions } from '../db/schema.ts';
import { attemptsAtSitting } from '../sittings/sitting-queries.ts';

export type SubmissionRow = typeof submissions.$inferSelect;

export async function findSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

/**
 * The standing kept on the attempt of a sitting attempt (the challenge alone, or an exam): best
 * judged score (null before any) and submissions made.
 */
export async function submissionStats(
  db: Db,
  sittingAttemptId: string,
  challengeId: string,
): Promise<{ bestScore: number | null; submissionCount: number }> {
  const [row] = await db
    .select({ bestScore: attempts.bestScore, submissionCount: attempts.submissionCount })
    .from(attempts)
    .where(
      and(eq(attempts.sittingAttemptId, sittingAttemptId), eq(attempts.challengeId, challengeId)),
    );
  return { bestScore: row?.bestScore ?? null, submissionCount: row?.submissionCount ?? 0 };
}

/**
 * A waiting submission's place in the queue: 1 is next. One that holds a job counts the jobs
 * sent before it; one waiting behind the same student's earlier submission (fair-enqueue.ts) also
 * waits for that student's submissions before it, each behind the whole queue at the time.
 */
export async function queuePosition(db: Db, row: SubmissionRow): Promise<number> {
  if (row.jobId && row.enqueuedAt) {
    const [ahead] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(
        sql`${submissions.status} = 'queued' and ${submissions.jobId} is not null and ${submissions.enqueuedAt} < ${row.enqueuedAt}`,
      );
    return (ahead?.n ?? 0) + 1;
  }
  const [counts] = await db
    .select({
      waiting: sql<number>`(select count(*)::int from ${submissions} where ${submissions.status} = 'queued' and ${submissions.jobId} is not null)`,
      mineAhead: sql<number>`(select count(*)::int from ${submissions} where ${submissions.userId} = ${row.userId} and ${submissions.status} in ('queued', 'running') and ${submissions.createdAt} < ${row.createdAt})`,
    })
    .from(sql`(select 1) as one`);
  return (counts?.waiting ?? 0) + (counts?.mineAhead ?? 0) + 1;
}

/**
 * The student's own submissions to one challenge at one sitting (a scalar SQL value: the
 * challenge's own, or an exam's), over every attempt of theirs at it, newest first.
 */
export async function listOwnSubmissions(
  db: Db,
  userId: string,
  challengeId: string,
  sitting: SQL,
  limit: number,
): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.userId, userId),
        eq(submissions.challengeId, challengeId),
        sql`${submissions.sittingAttemptId} in ${attemptsAtSitting(sitting, userId)}`,
      ),
    )
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(limit);
}
