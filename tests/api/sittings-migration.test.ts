/**
 * Migration 0016 (docs/design/exams-and-sittings.md, step 1): a database written before sittings
 * existed (a live one being upgraded, or a restored backup, which is loaded at its own level and
 * migrated forward) comes out with each challenge a sitting and each attempt's timer in a sitting
 * attempt, unchanged, and the timer still rules the compiler page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { databaseKinds } from './harness.ts';
import { freshDatabase, migrateThrough } from './migration-database.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('migration 0016 (sittings) on %s', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
    await migrateThrough(database, '0015_');
    // As an older release wrote them: two challenges, three students, three attempts.
    for (const id of ['OLD-A', 'OLD-B'])
      await q(
        `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev,
           score, start_date, end_date, time_dur, language, tags)
         values ($1, 'c', 'd', 'easy', 10, '2026-01-01', '2026-12-31', 30, 'python', 't')`,
        [id],
      );
    await q(`insert into users (email, name) values ('a@x.test', 'A'), ('b@x.test', 'B'),
      ('c@x.test', 'C')`);
    await q(`insert into attempts (user_id, challenge_id, started_at, deadline, best_score)
      select u.id, t.challenge_id, '2026-05-01T10:00:00Z', '2026-05-01T10:30:00Z', 7
        from (values ('a@x.test', 'OLD-A'), ('b@x.test', 'OLD-A'), ('a@x.test', 'OLD-B'))
             t(email, challenge_id)
        join users u on u.email = t.email`);
    await database.migrate();
  }, bound(120_000));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('makes every challenge a sitting of its own, attempted or not', async () => {
    const { rows } = await q(`select kind, challenge_id from sittings order by challenge_id`);
    expect(rows).toEqual([
      { kind: 'challenge', challenge_id: 'OLD-A' },
      { kind: 'challenge', challenge_id: 'OLD-B' },
    ]);
  });

  it('moves each attempt’s timer to a sitting attempt numbered 1, keeping the standing', async () => {
    const { rows } = await q(`
      select u.email, s.challenge_id, sa.number, sa.started_at::text as started,
        sa.deadline::text as deadline, a.best_score, a.started_at = sa.started_at as same_start
      from attempts a join sitting_attempts sa on sa.id = a.sitting_attempt_id
        join sittings s on s.id = sa.sitting_id join users u on u.id = sa.user_id
      where a.user_id = sa.user_id and a.challenge_id = s.challenge_id
      order by u.email, s.challenge_id`);
    expect(rows.map((r) => `${r.email} ${r.challenge_id} #${r.number}`)).toEqual([
      'a@x.test OLD-A #1',
      'a@x.test OLD-B #1',
      'b@x.test OLD-A #1',
    ]);
    for (const r of rows) {
      expect(Date.parse(r.deadline) - Date.parse(r.started)).toBe(30 * 60_000);
      expect(r.best_score).toBe(7);
      expect(r.same_start).toBe(true);
    }
  });

  it('leaves the timer in one place: attempts no longer has a deadline', async () => {
    const { rows } = await q(`select column_name from information_schema.columns
      where table_name = 'attempts' and column_name in ('deadline', 'sitting_attempt_id')`);
    expect(rows.map((r) => r.column_name)).toEqual(['sitting_attempt_id']);
  });

  it('removes a challenge’s sitting and timers with the challenge, and follows a renamed one', async () => {
    await q(`update challenges set challenge_id = 'OLD-B2' where challenge_id = 'OLD-B'`);
    const renamed = await q(
      `select count(*)::int as n from sittings where challenge_id = 'OLD-B2'`,
    );
    expect(renamed.rows[0]?.n).toBe(1);
    await q(`delete from challenges where challenge_id = 'OLD-A'`);
    const left = await q(`select count(*)::int as n from sitting_attempts`);
    expect(left.rows[0]?.n).toBe(1);
  });
});
