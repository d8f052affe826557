/**
 * Roles and courses on the results page (issue 33): the results bench's challenge (10,000
 * students x 5 submissions) in one of 1,000 courses taught by 50 teachers (20 courses each),
 * 200 students enrolled per course (200,000 enrolments). The same results page read by the
 * owner (no course to look up) and by the course's teacher (their courses read on every call,
 * the challenge's course checked), interleaved with /api/health. Goal: the teacher's p99 at most
 * 1.1x the owner's, on each database.
 */
import { sql } from 'drizzle-orm';
import { resultsPath, toSearchParams } from '../src/contract/results.ts';
import { startBenchServer } from './bench-server.ts';
import { seedResultsBench } from './results.ts';
import { summarize } from './stats.ts';

const TEACHERS = 50;
const COURSES_PER_TEACHER = 20;
const STUDENTS_PER_COURSE = 200;
const CHALLENGE = 'BENCH-RESULTS';
const SAMPLES = 300;
export const ROLES_GOAL = 1.1;

export type RolesFigures = {
  database: string;
  healthP99: number;
  ownerP50: number;
  ownerP99: number;
  teacherP50: number;
  teacherP99: number;
};

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

export async function rolesBenchmark(postgresAdminUrl?: string): Promise<RolesFigures> {
  const server = await startBenchServer({ postgresAdminUrl });
  try {
    await seedResultsBench(server.db);
    const courses = TEACHERS * COURSES_PER_TEACHER;
    await server.db.execute(sql`
      insert into admins (email, password_hash, role, name)
      select 'teacher' || t || '@bench.test', 'x', 'teacher', 'Teacher ' || t
      from generate_series(1, ${TEACHERS}) t`);
    await server.db.execute(sql`
      insert into courses (code, title, term)
      select 'C-' || c, 'Course ' || c, 'Fall' from generate_series(1, ${courses}) c`);
    await server.db.execute(sql`
      insert into course_staff (course_id, staff_id, role)
      select c.id, a.id, 'teacher'
        from courses c join admins a
          on a.email = 'teacher' || ((substr(c.code, 3)::int - 1) / ${COURSES_PER_TEACHER} + 1)
                        || '@bench.test'
       where c.code like 'C-%'`);
    // Each course enrols a run of 200 students of the 10,000.
    await server.db.execute(sql`
      insert into enrolments (course_id, user_id)
      select c.id, u.id
        from courses c
        cross join generate_series(0, ${STUDENTS_PER_COURSE - 1}) k
        join users u on u.email = 'student' || (((substr(c.code, 3)::int * 37 + k) % 10000) + 1)
                                  || '@bench.test'
       where c.code like 'C-%'
      on conflict do nothing`);
    // The challenge moves into the first teacher's first course.
    await server.db.execute(sql`
      update challenges set course_id = (select id from courses where code = 'C-1')
       where challenge_id = ${CHALLENGE}`);
    await server.db.execute(sql`analyze`);
    const found: unknown = await server.db.execute(
      sql`select id from admins where email = 'teacher1@bench.test'`,
    );
    const [teacher] = (found as { rows: { id: string }[] }).rows;
    if (!teacher) throw new Error('no bench teacher');
    const teacherToken = await server.tokens.issue({
      sub: teacher.id,
      email: 'teacher1@bench.test',
      name: 'administrator',
      role: 'admin',
      ver: 0,
    });
    const owner = { authorization: `Bearer ${await server.adminToken()}` };
    const taught = { authorization: `Bearer ${teacherToken}` };
    const health = `${server.url}/api/health`;
    const page = `${server.url}${resultsPath(CHALLENGE)}?${toSearchParams({
      sort: 'bestScore',
      dir: 'desc',
      branch: 'CSE',
      limit: 50,
    })}`;
    for (let i = 0; i < 30; i++) {
      await timed(page, owner);
      await timed(page, taught);
    }
    const healthMs: number[] = [];
    const ownerMs: number[] = [];
    const teacherMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      healthMs.push(await timed(health, {}));
      // Alternating who goes first, so neither always follows the other's warm cache.
      if (i % 2 === 0) {
        ownerMs.push(await timed(page, owner));
        teacherMs.push(await timed(page, taught));
      } else {
        teacherMs.push(await timed(page, taught));
        ownerMs.push(await timed(page, owner));
      }
    }
    const h = summarize(healthMs);
    const o = summarize(ownerMs);
    const t = summarize(teacherMs);
    return {
      database: postgresAdminUrl ? 'PostgreSQL' : 'PGlite',
      healthP99: h.p99,
      ownerP50: o.p50,
      ownerP99: o.p99,
      teacherP50: t.p50,
      teacherP99: t.p99,
    };
  } finally {
    await server.close();
  }
}

/** Runs on each database and prints one table; returns how many goals were missed. */
export async function reportRolesBenchmark(
  targets: readonly { label: string; url: string | undefined }[],
): Promise<number> {
  console.log(
    `\nRoles (issue 33): the results page (50 rows of 10,000) read by the owner and by the ` +
      `course's teacher, ${TEACHERS} teachers x ${COURSES_PER_TEACHER} courses x ` +
      `${STUDENTS_PER_COURSE} students, ${SAMPLES} requests each interleaved with /api/health. ` +
      `Goal: teacher p99 <= ${ROLES_GOAL}x the owner's.`,
  );
  const figures: RolesFigures[] = [];
  for (const target of targets) figures.push(await rolesBenchmark(target.url));
  let missed = 0;
  console.table(
    figures.map((f) => {
      const ratio = f.teacherP99 / f.ownerP99;
      const met = ratio <= ROLES_GOAL;
      if (!met) missed++;
      return {
        database: f.database,
        'health p99': `${f.healthP99.toFixed(1)} ms`,
        'owner p50/p99': `${f.ownerP50.toFixed(1)} / ${f.ownerP99.toFixed(1)} ms`,
        'teacher p50/p99': `${f.teacherP50.toFixed(1)} / ${f.teacherP99.toFixed(1)} ms`,
        'teacher vs owner (p99)': `${ratio.toFixed(2)}x ${met ? 'met' : 'NOT met'}`,
        'teacher vs owner (p50)': `${(f.teacherP50 / f.ownerP50).toFixed(2)}x`,
      };
    }),
  );
  return missed;
}
