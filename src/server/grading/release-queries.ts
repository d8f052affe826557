/**
 * The release rule (release-rule.ts) of what a student call is about: the sitting of a
 * submission's attempt (a challenge sat alone, or an exam), a list of challenges, or an exam.
 * Each query reads the rule row (none: immediate), the window's end as wall-clock values and the
 * sitting's stop, and the window's end becomes an instant here, by the same rule as the window
 * itself (compiler/time-window.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { RELEASE_MODES, type ReleaseMode } from '../../contract/result-release.ts';
import type { Db } from '../db/connection.ts';
import { executePrepared } from '../db/prepared.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { wallClockInstant } from '../compiler/time-window.ts';
import type { ReleaseRule } from './release-rule.ts';

type Row = {
  key: string;
  end_date: string;
  end_time: string;
  stopped_at: Date | string | null;
  mode: string | null;
  released_at: Date | string | null;
};

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));
const modeOf = (value: string | null): ReleaseMode =>
  RELEASE_MODES.find((mode) => mode === value) ?? 'immediate';

function toRule(row: Row, timeZone: string): ReleaseRule {
  // The end of the last minute of the window (23:59 ends at the next day's 00:00).
  const end = wallClockInstant(row.end_date, row.end_time, timeZone, 1);
  const stopped = dateOf(row.stopped_at);
  return {
    mode: modeOf(row.mode),
    releasedAt: dateOf(row.released_at),
    endsAt: stopped !== null && stopped < end ? stopped : end,
  };
}

const dateText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Challenges by id (case as stored), each with its own sitting's stop and its rule. */
const challengeRules = (where: SQL) => sql`
  select c.challenge_id as key, ${dateText(sql`c.end_date`)} as end_date,
    to_char(c.end_time, 'HH24:MI') as end_time, st.stopped_at, r.mode, r.released_at
  from challenges c
    left join sittings st on st.challenge_id = c.challenge_id
    left join result_releases r on r.challenge_id = c.challenge_id
  where ${where}`;

/** Exams by sitting id. */
const examRules = (where: SQL) => sql`
  select e.sitting_id::text as key, ${dateText(sql`e.end_date`)} as end_date,
    e.end_time, st.stopped_at, r.mode, r.released_at
  from exams e
    join sittings st on st.id = e.sitting_id
    left join result_releases r on r.exam_sitting_id = e.sitting_id
  where ${where}`;

async function rulesOf(db: Db, query: SQL, timeZone: string): Promise<Map<string, ReleaseRule>> {
  const rows = rowsOf<Row>(await executePrepared(db, query));
  return new Map(rows.map((row) => [row.key, toRule(row, timeZone)]));
}

/** Each challenge's rule as sat alone, keyed by its id as stored. */
export function challengeReleaseRules(
  db: Db,
  challengeIds: readonly string[],
  timeZone: string,
): Promise<Map<string, ReleaseRule>> {
  if (challengeIds.length === 0) return Promise.resolve(new Map());
  const ids = sql`${`{${challengeIds.map((id) => `"${id}"`).join(',')}}`}::text[]`;
  return rulesOf(db, challengeRules(sql`c.challenge_id = any(${ids})`), timeZone);
}

export async function examReleaseRule(
  db: Db,
  examSittingId: string,
  timeZone: string,
): Promise<ReleaseRule | undefined> {
  const rules = await rulesOf(db, examRules(sql`e.sitting_id = ${examSittingId}::uuid`), timeZone);
  return rules.get(examSittingId);
}

/**
 * The rule over a submission made in `sittingAttemptId`: its exam's when the attempt is an
 * exam's, else its challenge's own. Undefined when the attempt is gone.
 */
export async function attemptReleaseRule(
  db: Db,
  sittingAttemptId: string,
  timeZone: string,
): Promise<ReleaseRule | undefined> {
  const found = rowsOf<{ sitting_id: string; challenge_id: string | null; exam: boolean }>(
    await db.execute(sql`
      select s.id as sitting_id, s.challenge_id, s.kind = 'exam' as exam
      from sitting_attempts sa join sittings s on s.id = sa.sitting_id
      where sa.id = ${sittingAttemptId}::uuid`),
  )[0];
  if (!found) return undefined;
  if (found.exam) return examReleaseRule(db, found.sitting_id, timeZone);
  if (found.challenge_id === null) return undefined;
  return (await challengeReleaseRules(db, [found.challenge_id], timeZone)).get(found.challenge_id);
}
