/**
 * SQL for sitting passes (db/schema.ts `sitting_passes`): a student the sitting's password let in
 * stays in for that password and for their current sitting attempt (the first one when they had
 * not begun), so they type it once per attempt; a new password or a new attempt asks again.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/** The student's current attempt number at the sitting, 1 before they begin. */
const currentNumber = (sittingId: string, userId: string): SQL =>
  sql`coalesce((select max(a.number) from sitting_attempts a
                 where a.sitting_id = ${sittingId}::uuid and a.user_id = ${userId}::uuid), 1)`;

/** Whether the password of this id let the student in for their current attempt. */
export async function passAdmits(
  db: Db,
  sittingId: string,
  userId: string,
  passwordId: string,
): Promise<boolean> {
  const found = await db.execute(sql`
    select exists (select 1 from sitting_passes p
                    where p.sitting_id = ${sittingId}::uuid and p.user_id = ${userId}::uuid
                      and p.password_id = ${passwordId}
                      and p.attempt_number >= ${currentNumber(sittingId, userId)}) as "admitted"`);
  return rowsOf<{ admitted: boolean }>(found)[0]?.admitted === true;
}

/** Remembers that the password of this id let the student in (for their current attempt). */
export async function recordPass(
  db: Db,
  sittingId: string,
  userId: string,
  passwordId: string,
): Promise<void> {
  await db.execute(sql`
    insert into sitting_passes (sitting_id, user_id, password_id, attempt_number, accepted_at)
    values (${sittingId}::uuid, ${userId}::uuid, ${passwordId},
            ${currentNumber(sittingId, userId)}, now())
    on conflict (sitting_id, user_id) do update
      set password_id = excluded.password_id, attempt_number = excluded.attempt_number,
          accepted_at = excluded.accepted_at`);
}

/**
 * The same test as passAdmits, as a boolean SQL expression over a sitting row `s` (its rules in
 * `s.access_rules`), a student id and their current attempt's number: Submit's one statement
 * (compiler/attempt-queries.ts) reads it with the attempt, without another round trip.
 */
export const passAdmitsSql = (userId: string, attemptNumber: string): string =>
  `exists (select 1 from sitting_passes p
            where p.sitting_id = s.id and p.user_id = ${userId}
              and p.password_id = s.access_rules->'password'->>'id'
              and p.attempt_number >= ${attemptNumber})`;
