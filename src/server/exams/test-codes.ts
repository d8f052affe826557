/**
 * A test code names one thing: an exam or a challenge, never both, without regard to case. The
 * exams' unique index on lower(code) keeps two exams apart; between an exam and a challenge (two
 * tables) both creations take the same transaction-scoped advisory lock on the code before they
 * look, so two creations of one code at the same moment cannot both pass (exam-writes.ts,
 * challenges/challenge-queries.ts). Also step 2's lookup of a typed code.
 */
import { sql } from 'drizzle-orm';
import type { TestCodeResponse } from '../../contract/exams.ts';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';

/** The first key of the two-key advisory lock ("tcod"); the second is the code's hash. */
const TEST_CODE_LOCK = 0x74636f64;

/** Inside a transaction: held until it ends. */
export async function lockTestCode(db: Db, code: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${TEST_CODE_LOCK}::int, hashtext(lower(${code.trim()})))`,
  );
}

/** Whether an exam (other than `exceptSittingId`) has this code, in any case. */
export async function examHasCode(
  db: Db,
  code: string,
  exceptSittingId?: string,
): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from exams where lower(code) = lower(${code.trim()})
    ${exceptSittingId ? sql`and sitting_id <> ${exceptSittingId}` : sql``} limit 1`);
  return rowsOf(found).length > 0;
}

/** Whether a challenge has this id, in any case. */
export async function challengeHasCode(db: Db, code: string): Promise<boolean> {
  const found = await db.execute(
    sql`select 1 from challenges where lower(challenge_id) = lower(${code.trim()}) limit 1`,
  );
  return rowsOf(found).length > 0;
}

/**
 * What a typed code names: an exam that is published and not archived, else a challenge (its id as stored,
 * the exact spelling first should two differ only in case), else nothing.
 */
export async function lookupTestCode(db: Db, typed: string): Promise<TestCodeResponse | undefined> {
  const code = typed.trim();
  const found = await db.execute(sql`
    select 'exam' as kind, e.code as id, 0 as rank
      from exams e join sittings s on s.id = e.sitting_id
     where lower(e.code) = lower(${code}) and e.archived_at is null and s.lifecycle = 'published'
    union all
    select 'challenge', c.challenge_id, case when c.challenge_id = ${code} then 1 else 2 end
      from challenges c where lower(c.challenge_id) = lower(${code})
    order by rank, id limit 1`);
  const row = rowsOf<{ kind: 'exam' | 'challenge'; id: string }>(found)[0];
  if (!row) return undefined;
  return row.kind === 'exam'
    ? { kind: 'exam', examCode: row.id }
    : { kind: 'challenge', challengeId: row.id };
}
