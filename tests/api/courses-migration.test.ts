/**
 * Migration 0026 (issue 33, the upgrade test): a database written by the release before courses
 * (every migration up to 0025) comes out with its administrator an owner, and every challenge,
 * exam, submission and roster entry in the default course, nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COURSE_ID } from '../../src/contract/courses.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { databaseKinds } from './harness.ts';
import { freshDatabase, migrateThrough } from './migration-database.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('migration 0026 (courses) on %s', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
    await migrateThrough(database, '0025_');
    // As the previous release wrote them: an administrator, two challenges, an exam, a student
    // who signed up, a roster entry not yet claimed, and submissions.
    await q(`insert into admins (email, password_hash) values ('boss@x.test', 'hash')`);
    for (const id of ['OLD-A', 'OLD-B'])
      await q(
        `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev,
           score, start_date, end_date, time_dur, language, tags)
         values ($1, 'c', 'd', 'easy', 10, '2026-01-01', '2026-12-31', 30, 'python', 't')`,
        [id],
      );
    const exam = await q(`insert into sittings (kind) values ('exam') returning id`);
    await q(
      `insert into exams (sitting_id, code, title, start_date, start_time, end_date, end_time,
         duration_minutes, scoring)
       values ($1, 'MID-1', 'Midterm', '2026-01-01', '09:00', '2026-12-31', '17:00', 60, 'best')`,
      [exam.rows[0]?.id],
    );
    await q(`insert into users (email, name, password_hash) values ('a@x.test', 'A', 'h')`);
    await q(`insert into users (email, name, year) values ('roster@x.test', 'R', '2')`);
    await q(`insert into sittings (kind, challenge_id) values ('challenge', 'OLD-A')`);
    await q(`insert into sitting_attempts (sitting_id, user_id, started_at, deadline)
      select s.id, u.id, '2026-05-01T10:00:00Z', '2026-05-01T10:30:00Z'
        from sittings s cross join users u where s.challenge_id = 'OLD-A' and u.email = 'a@x.test'`);
    await q(`insert into submissions (user_id, challenge_id, sitting_attempt_id, language, code,
        status, verdict, score)
      select sa.user_id, 'OLD-A', sa.id, 'python', 'print(1)', 'judged', 'Accepted', v.score
        from sitting_attempts sa cross join (values (4), (9)) v(score)`);
    await database.migrate();
  }, bound(120_000));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('makes the administrator an owner, still able to sign in with the same password', async () => {
    const admin = await q(`select role, password_hash, deactivated_at from admins`);
    expect(admin.rows).toEqual([{ role: 'owner', password_hash: 'hash', deactivated_at: null }]);
  });

  it('puts every challenge and exam in the default course', async () => {
    const course = await q(`select code, title from courses where id = $1`, [DEFAULT_COURSE_ID]);
    expect(course.rows).toEqual([{ code: 'DEFAULT', title: 'Default course' }]);
    const challenges = await q(`select challenge_id, course_id from challenges order by 1`);
    expect(challenges.rows).toEqual([
      { challenge_id: 'OLD-A', course_id: DEFAULT_COURSE_ID },
      { challenge_id: 'OLD-B', course_id: DEFAULT_COURSE_ID },
    ]);
    const exams = await q(`select code, course_id from exams`);
    expect(exams.rows).toEqual([{ code: 'MID-1', course_id: DEFAULT_COURSE_ID }]);
  });

  it('enrols every student, roster entries included, in the default course', async () => {
    const enrolled = await q(`select u.email, e.course_id, e.section_id from users u
      left join enrolments e on e.user_id = u.id order by 1`);
    expect(enrolled.rows).toEqual([
      { email: 'a@x.test', course_id: DEFAULT_COURSE_ID, section_id: null },
      { email: 'roster@x.test', course_id: DEFAULT_COURSE_ID, section_id: null },
    ]);
  });

  it('keeps every submission as it was', async () => {
    const kept = await q(`select challenge_id, score from submissions order by score`);
    expect(kept.rows).toEqual([
      { challenge_id: 'OLD-A', score: 4 },
      { challenge_id: 'OLD-A', score: 9 },
    ]);
  });

  it('gives a challenge made after the upgrade without a course the default one', async () => {
    await q(
      `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev,
         score, start_date, end_date, time_dur, language, tags)
       values ('NEW-1', 'c', 'd', 'easy', 10, '2026-01-01', '2026-12-31', 30, 'python', 't')`,
    );
    const made = await q(`select course_id from challenges where challenge_id = 'NEW-1'`);
    expect(made.rows[0]?.course_id).toBe(DEFAULT_COURSE_ID);
  });
});
