/**
 * SQL for a package import's self-check: created with its size, a row appended as each of the
 * package's submissions is judged (one statement each, so concurrent judgings never lose one),
 * finished at the end. Self-checks over 30 days old are removed when a new one starts.
 */
import { eq, sql } from 'drizzle-orm';
import type { SelfCheckProgress, SelfCheckRow } from '../../contract/problems.ts';
import type { Db } from '../db/connection.ts';
import { problemSelfChecks } from '../db/schema.ts';

/** No row for this long, and not finished: the server judging it must have stopped. */
const STALE_MINUTES = 30;

export async function createSelfCheck(db: Db, challengeId: string, total: number): Promise<string> {
  await db
    .delete(problemSelfChecks)
    .where(sql`${problemSelfChecks.createdAt} < now() - interval '30 days'`);
  const [row] = await db
    .insert(problemSelfChecks)
    .values({ challengeId, total })
    .returning({ id: problemSelfChecks.id });
  if (!row) throw new Error('problem_self_checks: no row inserted');
  return row.id;
}

export async function appendSelfCheckRow(db: Db, id: string, row: SelfCheckRow): Promise<void> {
  await db
    .update(problemSelfChecks)
    .set({
      rows: sql`${problemSelfChecks.rows} || ${JSON.stringify([row])}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(problemSelfChecks.id, id));
}

export async function finishSelfCheck(db: Db, id: string): Promise<void> {
  await db
    .update(problemSelfChecks)
    .set({ finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(problemSelfChecks.id, id));
}

export async function readSelfCheck(db: Db, id: string): Promise<SelfCheckProgress | undefined> {
  const [row] = await db
    .select({
      id: problemSelfChecks.id,
      challengeId: problemSelfChecks.challengeId,
      total: problemSelfChecks.total,
      rows: problemSelfChecks.rows,
      finished: sql<boolean>`${problemSelfChecks.finishedAt} is not null`,
      stale: sql<boolean>`${problemSelfChecks.updatedAt} < now() - make_interval(mins => ${STALE_MINUTES})`,
    })
    .from(problemSelfChecks)
    .where(eq(problemSelfChecks.id, id));
  if (!row) return undefined;
  const { finished, stale, rows, ...rest } = row;
  return {
    ...rest,
    // In the package's order, whatever order they were judged in.
    rows: [...rows].sort((a, b) => a.path.localeCompare(b.path)),
    status: finished ? 'done' : stale ? 'interrupted' : 'running',
  };
}
