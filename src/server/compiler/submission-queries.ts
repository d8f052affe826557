/** SQL for submissions: stored once per id, read back for results and best scores. */
import { and, count, eq, max } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { submissions } from '../db/schema.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmission = typeof submissions.$inferInsert & { id: string };

export async function findSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

/** Inserts unless the id is taken; either way returns the stored row. */
export async function storeSubmission(db: Db, values: NewSubmission): Promise<SubmissionRow> {
  const [inserted] = await db.insert(submissions).values(values).onConflictDoNothing().returning();
  const row = inserted ?? (await findSubmission(db, values.id));
  if (!row) throw new Error('the submission was not stored');
  return row;
}

export async function submissionStats(
  db: Db,
  userId: string,
  challengeId: string,
): Promise<{ bestScore: number | null; submissionCount: number }> {
  const [row] = await db
    .select({ bestScore: max(submissions.score), submissionCount: count() })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.challengeId, challengeId)));
  return { bestScore: row?.bestScore ?? null, submissionCount: Number(row?.submissionCount ?? 0) };
}
