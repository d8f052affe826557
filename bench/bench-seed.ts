/**
 * Bulk seeding that several benchmarks share (results.ts, grading-statistics.ts): a challenge
 * with its tests, every seeded student's attempt at it (its sitting, a sitting attempt holding
 * the timer, the standing), and the standings' columns as the judge would keep them once the
 * submissions are in. Plain SQL over generate_series, not the API: seeding 10,000 students
 * through the API would take longer than the measurement.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection.ts';

/** The challenge (maximum 100, Python) and `tests` tests: the first a sample, `t t` → `2t`. */
export async function insertBenchChallenge(
  db: Db,
  challengeId: string,
  tests: number,
): Promise<void> {
  await db.execute(sql`
    insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev, score,
      start_date, end_date, time_dur, language, tags)
    values (${challengeId}, 'Bench', 'd', 'easy', 100, '2020-01-01', '2099-12-31', 60, 'python', 't')`);
  await db.execute(sql`
    insert into test_cases (challenge_id, ordinal, input, expected_output, hidden, weight)
    select ${challengeId}, t - 1, t || ' ' || t, (2 * t)::text, t > 1, 1
    from generate_series(1, ${tests}) t`);
}

/**
 * The challenge's own sitting, and an attempt at it for every user whose email is like
 * `emailLike`, started two hours ago (spread over ten minutes) with a deadline an hour later.
 */
export async function insertBenchAttempts(
  db: Db,
  challengeId: string,
  emailLike: string,
): Promise<void> {
  await db.execute(
    sql`insert into sittings (kind, challenge_id) values ('challenge', ${challengeId})`,
  );
  await db.execute(sql`
    insert into sitting_attempts (sitting_id, user_id, started_at, deadline)
    select s.id, u.id,
      now() - interval '2 hours' + (hashtext(u.email) % 600) * interval '1 second',
      now() - interval '1 hour' + (hashtext(u.email) % 600) * interval '1 second'
    from users u cross join sittings s
    where u.email like ${emailLike} and s.challenge_id = ${challengeId}`);
  await db.execute(sql`
    insert into attempts (user_id, challenge_id, sitting_attempt_id, sitting_id, started_at)
    select sa.user_id, ${challengeId}, sa.id, sa.sitting_id, sa.started_at
    from sitting_attempts sa join sittings s on s.id = sa.sitting_id
    where s.challenge_id = ${challengeId}`);
}

/** Count, last time, best score and the earliest submission with it, then fresh statistics. */
export async function refreshBenchStandings(db: Db, challengeId: string): Promise<void> {
  await db.execute(sql`
    update attempts a set submission_count = s.n, last_submission_at = s.last_at,
      best_score = s.best, best_submission_id = s.best_id
    from (select user_id, count(*)::int as n, max(created_at) as last_at, max(score) as best,
        (array_agg(id order by score desc, created_at))[1] as best_id
      from submissions where challenge_id = ${challengeId} group by user_id) s
    where a.user_id = s.user_id and a.challenge_id = ${challengeId}`);
  await db.execute(sql`analyze`);
}

/** One GET's time to its last byte; anything but 200 stops the benchmark. */
export async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}
