/**
 * Migration 0020 (exams, issue 31) on a database written before it (a live one being upgraded, or
 * a restored backup migrated forward): every submission names the sitting attempt of its
 * standing; one written without a standing gets one, with the counters the judge keeps; a
 * standing is unique per (sitting attempt, challenge) from then on; and Submit's store function
 * takes the sitting attempts (the old signature is gone).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { databaseKinds } from './harness.ts';
import { freshDatabase, migrateThrough } from './migration-database.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('migration 0020 (exams) on %s', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
    await migrateThrough(database, '0019_');
    // As the previous release wrote them: OLD-A with a sitting and standings, OLD-B without a
    // sitting yet (made on first use), and a submission of b on OLD-B with no standing at all.
    for (const id of ['OLD-A', 'OLD-B'])
      await q(
        `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev,
           score, start_date, end_date, time_dur, language, tags)
         values ($1, 'c', 'd', 'easy', 10, '2026-01-01', '2026-12-31', 30, 'python', 't')`,
        [id],
      );
    await q(`insert into users (email, name) values ('a@x.test', 'A'), ('b@x.test', 'B')`);
    await q(`insert into sittings (kind, challenge_id) values ('challenge', 'OLD-A')`);
    await q(`insert into sitting_attempts (sitting_id, user_id, started_at, deadline)
      select s.id, u.id, '2026-05-01T10:00:00Z', '2026-05-01T10:30:00Z'
        from sittings s cross join users u where s.challenge_id = 'OLD-A'`);
    await q(`insert into attempts (user_id, challenge_id, sitting_attempt_id, started_at,
        submission_count)
      select sa.user_id, 'OLD-A', sa.id, sa.started_at, 1 from sitting_attempts sa`);
    await q(`insert into submissions (user_id, challenge_id, language, code, status, verdict,
        score, created_at)
      select u.id, t.challenge_id, 'python', 'x', 'judged', 'Accepted', t.score, t.created_at
        from (values ('a@x.test', 'OLD-A', 7, '2026-05-01T10:05:00Z'::timestamptz),
                     ('b@x.test', 'OLD-A', 3, '2026-05-01T10:06:00Z'::timestamptz),
                     ('b@x.test', 'OLD-B', 4, '2026-05-02T09:00:00Z'::timestamptz),
                     ('b@x.test', 'OLD-B', 9, '2026-05-02T09:10:00Z'::timestamptz))
             t(email, challenge_id, score, created_at)
        join users u on u.email = t.email`);
    await database.migrate();
  }, bound(120_000));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('gives every submission the sitting attempt of its standing', async () => {
    const { rows } = await q(`
      select u.email, s.challenge_id, s.sitting_attempt_id = a.sitting_attempt_id as same,
        own.challenge_id as sitting_of
      from submissions s join users u on u.id = s.user_id
        join attempts a on a.user_id = s.user_id and a.challenge_id = s.challenge_id
        join sitting_attempts sa on sa.id = s.sitting_attempt_id
        join sittings own on own.id = sa.sitting_id
      order by u.email, s.created_at`);
    expect(rows.map((r) => [r.email, r.challenge_id, r.same, r.sitting_of])).toEqual([
      ['a@x.test', 'OLD-A', true, 'OLD-A'],
      ['b@x.test', 'OLD-A', true, 'OLD-A'],
      ['b@x.test', 'OLD-B', true, 'OLD-B'],
      ['b@x.test', 'OLD-B', true, 'OLD-B'],
    ]);
    const nulls = await q(
      `select count(*)::int as n from submissions where sitting_attempt_id is null`,
    );
    expect(nulls.rows[0]?.n).toBe(0);
  });

  it('gives a submission without a standing one, with the judge’s counters', async () => {
    const { rows } = await q(`
      select a.submission_count, a.best_score, a.last_submission_at::text as last,
        sa.started_at::text as started
      from attempts a join sitting_attempts sa on sa.id = a.sitting_attempt_id
        join users u on u.id = a.user_id
      where u.email = 'b@x.test' and a.challenge_id = 'OLD-B'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submission_count: 2, best_score: 9 });
    expect(Date.parse(String(rows[0]?.started))).toBe(Date.parse('2026-05-02T09:00:00Z'));
    expect(Date.parse(String(rows[0]?.last))).toBe(Date.parse('2026-05-02T09:10:00Z'));
  });

  it('keys a standing by its sitting attempt and challenge, and names that attempt’s sitting', async () => {
    const [a] = (
      await q(`select a.sitting_attempt_id, a.sitting_id, a.user_id from attempts a
      join users u on u.id = a.user_id where u.email = 'a@x.test'`)
    ).rows;
    const insert = (sittingAttemptId: unknown, sittingId: unknown) =>
      q(
        `insert into attempts (user_id, challenge_id, sitting_attempt_id, sitting_id)
         values ($1, 'OLD-A', $2, $3)`,
        [a?.user_id, sittingAttemptId, sittingId],
      );
    const own = await q(`select id from sittings where challenge_id = 'OLD-A'`);
    expect(a?.sitting_id).toBe(own.rows[0]?.id);
    // A second standing on the same sitting attempt and challenge is refused.
    await expect(insert(a?.sitting_attempt_id, a?.sitting_id)).rejects.toThrow();
    // The same student and challenge in another sitting (an exam's) is a standing of its own,
    // and it must name that sitting, not another.
    const exam = await q(`insert into sittings (kind) values ('exam') returning id`);
    const timer = await q(
      `insert into sitting_attempts (sitting_id, user_id, deadline) values ($1, $2, now())
       returning id`,
      [exam.rows[0]?.id, a?.user_id],
    );
    await expect(insert(timer.rows[0]?.id, a?.sitting_id)).rejects.toThrow();
    await insert(timer.rows[0]?.id, exam.rows[0]?.id);
    const both = await q(`select count(*)::int as n from attempts where user_id = $1`, [
      a?.user_id,
    ]);
    expect(both.rows[0]?.n).toBe(2);
  });

  it('stores Submits with their sitting attempts, counted on that standing only', async () => {
    const [a] = (
      await q(`select a.sitting_attempt_id, a.user_id, a.submission_count from attempts a
      join sittings s on s.id = a.sitting_id and s.challenge_id = 'OLD-A'
      join users u on u.id = a.user_id where u.email = 'a@x.test'`)
    ).rows;
    const id = crypto.randomUUID();
    const { rows } = await q(
      `select portal_store_submissions($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[],
         $6::text[], $7::timestamptz[], 100, 1) as batch`,
      [[id], [a?.user_id], ['OLD-A'], [a?.sitting_attempt_id], ['python'], ['y'], [new Date()]],
    );
    expect((rows[0]?.batch as { inserted: string[] }).inserted).toEqual([id]);
    const counted = await q(
      `select submission_count from attempts where sitting_attempt_id = $1 and challenge_id = 'OLD-A'`,
      [a?.sitting_attempt_id],
    );
    expect(counted.rows[0]?.submission_count).toBe(Number(a?.submission_count) + 1);
    const other = await q(
      `select submission_count from attempts
        where user_id = $1 and challenge_id = 'OLD-A' and sitting_attempt_id <> $2`,
      [a?.user_id, a?.sitting_attempt_id],
    );
    expect(other.rows[0]?.submission_count).toBe(0);
    const old = await q(`select count(*)::int as n from pg_proc
      where proname = 'portal_store_submissions'`);
    expect(old.rows[0]?.n).toBe(1);
  });
});
