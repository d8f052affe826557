/**
 * The draws of a sitting attempt (exam_draws): made for every slot without one when the student
 * opens the exam, in one transaction, never changed after. A slot added to the exam later is
 * drawn at the student's next open.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { executePrepared } from '../db/prepared.ts';
import { examDraws } from '../db/schema.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { drawFromPool } from './exam-draw.ts';

export async function ensureDraws(
  db: Db,
  examSittingId: string,
  sittingAttemptId: string,
  userId: string,
): Promise<void> {
  const found = await executePrepared(
    db,
    sql`
    select sl.id, sl.ordinal, d.challenge_id as drawn,
      coalesce(array_agg(ch.challenge_id) filter (where ch.challenge_id is not null), '{}') as pool
    from exam_slots sl
      left join exam_draws d on d.slot_id = sl.id and d.sitting_attempt_id = ${sittingAttemptId}
      left join exam_slot_choices ch on ch.slot_id = sl.id
    where sl.exam_sitting_id = ${examSittingId}
    group by sl.id, sl.ordinal, d.challenge_id
    order by sl.ordinal`,
  );
  const slots = rowsOf<{ id: string; ordinal: number; drawn: string | null; pool: string[] }>(
    found,
  );
  const taken = new Set(slots.flatMap((s) => (s.drawn === null ? [] : [s.drawn])));
  const fresh: { slotId: string; challengeId: string }[] = [];
  for (const slot of slots) {
    if (slot.drawn !== null) continue;
    const pick = drawFromPool(slot.pool, examSittingId, userId, slot.ordinal, taken);
    if (pick === undefined) continue;
    taken.add(pick);
    fresh.push({ slotId: slot.id, challengeId: pick });
  }
  if (fresh.length === 0) return;
  // Two first opens at once draw the same (the rule is a function of its inputs): one is kept.
  await db
    .insert(examDraws)
    .values(fresh.map((f) => ({ sittingAttemptId, ...f })))
    .onConflictDoNothing();
}

/** Whether this challenge is drawn for the sitting attempt (in any slot). */
export async function isDrawn(
  db: Db,
  sittingAttemptId: string,
  challengeId: string,
): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from exam_draws
    where sitting_attempt_id = ${sittingAttemptId} and challenge_id = ${challengeId} limit 1`);
  return rowsOf(found).length > 0;
}
