/**
 * The proctor view's reads (contract/proctor.ts): one statement per sitting for every roster
 * student (the students its course lists, as the Results pages do: section-columns.ts
 * courseStudents, so every student account for the default course) with their current sitting
 * attempt (the highest number), its presence, its current problem and its standings summed
 * (submissions, integrity counters, the latest submission and signal). The standings' counters
 * are kept on `attempts` by the judge and the signal store, so this sums a few rows per student
 * instead of counting submissions or events.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { ALLOWED_PASTES_SQL } from '../../integrity/signals/signal-rules.ts';
import { iso, rowsOf } from '../../db/sql-helpers.ts';
import { courseStudents } from '../../results/section-columns.ts';

/** A student's row as read; the state is derived from it (proctor-state.ts). */
export type ProctorRow = {
  userId: string;
  name: string;
  email: string;
  attemptNumber: number | null;
  startedAt: string | null;
  deadline: string | null;
  finishedAt: string | null;
  lastSeenAt: string | null;
  lastSubmissionAt: string | null;
  lastSignalAt: string | null;
  currentChallengeId: string | null;
  currentTitle: string | null;
  currentOrdinal: number | null;
  submissions: number;
  tabChanges: number | null;
  awayMs: number | string | null;
  pastes: number | null;
  blockedPastes: number | null;
  reloads: number | null;
};

/**
 * Every student of the course `courseId` (the sitting's challenge's or exam's; undefined for a
 * row from before courses) with their current attempt at the sitting, by name. The current
 * attempts are read once for the sitting (its (sitting, user, number) index) and joined by hash
 * to the roster; the standings and each one's latest signal come through their own indexes.
 */
export async function readProctorRows(
  db: Db,
  sittingId: string,
  courseId: string | undefined,
): Promise<ProctorRow[]> {
  return rowsOf<ProctorRow>(await db.execute(proctorRowsSql(sittingId, courseId)));
}

/** The statement itself (the bench and EXPLAIN read it too). */
export function proctorRowsSql(sittingId: string, courseId?: string): SQL {
  // Enrolled in the course, or began the sitting anyway (they typed its code).
  const roster = courseStudents(courseId, sql`cur.id is not null`);
  return sql`
    with cur as (
      select distinct on (x.user_id) x.id, x.user_id, x.number, x.started_at, x.deadline,
        x.finished_at, x.last_seen_at, x.current_challenge_id
      from sitting_attempts x where x.sitting_id = ${sittingId}
      order by x.user_id, x.number desc
    ), standing as (
      select a.sitting_attempt_id,
        sum(a.submission_count)::int as submissions,
        max(a.last_submission_at) as last_submission_at,
        max(sig.last_at) as last_signal_at,
        sum(a.tab_changes)::int as tab_changes,
        sum(a.away_ms)::bigint as away_ms,
        sum(${sql.raw(ALLOWED_PASTES_SQL)})::int as pastes,
        sum(a.blocked_pastes)::int as blocked_pastes,
        sum(a.reloads)::int as reloads
      from cur join attempts a on a.sitting_attempt_id = cur.id
        left join lateral (select max(s.received_at) as last_at from attempt_signals s
                            where s.attempt_id = a.id) sig on true
      group by a.sitting_attempt_id
    )
    select u.id as "userId", u.name, u.email,
      cur.number as "attemptNumber",
      ${iso(sql`cur.started_at`)} as "startedAt",
      ${iso(sql`cur.deadline`)} as deadline,
      ${iso(sql`cur.finished_at`)} as "finishedAt",
      ${iso(sql`cur.last_seen_at`)} as "lastSeenAt",
      ${iso(sql`st.last_submission_at`)} as "lastSubmissionAt",
      ${iso(sql`st.last_signal_at`)} as "lastSignalAt",
      cur.current_challenge_id as "currentChallengeId",
      c.challenge_name as "currentTitle",
      slot.ordinal as "currentOrdinal",
      coalesce(st.submissions, 0) as submissions,
      st.tab_changes as "tabChanges", st.away_ms as "awayMs", st.pastes,
      st.blocked_pastes as "blockedPastes", st.reloads
    from users u
      left join cur on cur.user_id = u.id
      left join standing st on st.sitting_attempt_id = cur.id
      left join challenges c on c.challenge_id = cur.current_challenge_id
      left join lateral (
        select sl.ordinal from exam_draws d join exam_slots sl on sl.id = d.slot_id
         where d.sitting_attempt_id = cur.id and d.challenge_id = cur.current_challenge_id
      ) slot on true
    ${roster.length > 0 ? sql`where ${sql.join(roster, sql` and `)}` : sql``}
    order by lower(u.name) collate "C", u.id`;
}

/** A challenge's name and course, or undefined when it does not exist. */
export async function findChallengeNameAndCourse(
  db: Db,
  challengeId: string,
): Promise<{ title: string; courseId: string | undefined } | undefined> {
  const found = await db.execute(
    sql`select challenge_name as title, course_id as "courseId" from challenges
         where challenge_id = ${challengeId}`,
  );
  const row = rowsOf<{ title: string; courseId: string | null }>(found)[0];
  return row && { title: row.title, courseId: row.courseId ?? undefined };
}

/**
 * The challenges whose submissions can change an exam's view: every pool's, and every draw's
 * (a draw outlives its challenge's removal from a pool).
 */
export async function examChallengeIds(db: Db, sittingId: string): Promise<string[]> {
  const found = await db.execute(sql`
    select ch.challenge_id as id from exam_slots sl join exam_slot_choices ch on ch.slot_id = sl.id
     where sl.exam_sitting_id = ${sittingId}
    union
    select d.challenge_id from exam_draws d join sitting_attempts sa on sa.id = d.sitting_attempt_id
     where sa.sitting_id = ${sittingId}`);
  return rowsOf<{ id: string }>(found).map((r) => r.id);
}
