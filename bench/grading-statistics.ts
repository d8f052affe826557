/**
 * Per-test statistics (issue 34 item 2) of one challenge taken by 2,000 students with 20 tests,
 * seeded with bulk SQL (not the API) against the real server: every student has two judged
 * submissions (the best counts), every test of every submission has its kept output, as the
 * judge keeps them (JUDGE_KEEP_OUTPUT's default), and a student's wrong output is one of a few
 * dozen texts so that the grouping has work to do. The statistics call's p99 is measured next to
 * GET /api/health's p99, requests interleaved in the same run. Goal: <= 10x health.
 *
 * `BENCH_STATISTICS_STUDENTS` and `BENCH_STATISTICS_TESTS` shrink it for a smoke run.
 */
import { sql } from 'drizzle-orm';
import { challengeStatisticsPath } from '../src/contract/grading-statistics.ts';
import type { StatisticsResponse } from '../src/contract/grading-statistics.ts';
import type { Db } from '../src/server/db/connection.ts';
import { startBenchServer } from './bench-server.ts';
import {
  insertBenchAttempts,
  insertBenchChallenge,
  refreshBenchStandings,
  timedGet,
} from './bench-seed.ts';
import { summarize } from './stats.ts';

const STUDENTS = Number(process.env.BENCH_STATISTICS_STUDENTS ?? 2000);
const TESTS = Number(process.env.BENCH_STATISTICS_TESTS ?? 20);
const SUBMISSIONS_PER_STUDENT = 2;
const CHALLENGE = 'BENCH-STATS';
const SAMPLES = 200;

type Figures = {
  database: string;
  seedMs: number;
  healthP50: number;
  healthP99: number;
  statsP50: number;
  statsP99: number;
  ok: boolean;
};

export async function seedStatisticsBench(db: Db): Promise<void> {
  await insertBenchChallenge(db, CHALLENGE, TESTS);
  await db.execute(sql`
    insert into users (email, name, year, branch, college, password_hash)
    select 'stats' || i || '@bench.test', 'Student ' || i, '1', 'CSE', 'GEC', 'x'
    from generate_series(1, ${STUDENTS}) i`);
  await insertBenchAttempts(db, CHALLENGE, 'stats%@bench.test');
  // Test t fails for a student when a hash of (student, submission, test) says so, about a
  // third of the time; the score follows the tests passed.
  await db.execute(sql`
    insert into submissions (user_id, challenge_id, sitting_attempt_id, language, code, status,
      verdict, passed, total, score, details, created_at, judged_at)
    select a.user_id, ${CHALLENGE}, a.sitting_attempt_id, 'python', 'print(1)', 'judged',
      case when v.passed = ${TESTS} then 'Accepted' else 'Wrong Answer' end, v.passed, ${TESTS},
      round(100.0 * v.passed / ${TESTS}, 2),
      jsonb_build_object('maxScore', 100, 'tests', v.tests),
      a.started_at + k * interval '5 minutes', a.started_at + k * interval '5 minutes'
    from attempts a cross join generate_series(1, ${SUBMISSIONS_PER_STUDENT}) k
      cross join lateral (
        select count(*) filter (where ok)::int as passed,
          jsonb_agg(jsonb_build_object('hidden', t > 1, 'weight', 1,
            'verdict', case when ok then 'Accepted' else 'Wrong Answer' end,
            'timeMs', 12, 'wallMs', 20, 'memoryBytes', 5000000) order by t) as tests
        from (select t, abs(hashtext(a.user_id::text || k || ':' || t)) % 3 <> 0 as ok
          from generate_series(1, ${TESTS}) t) x) v
    where a.challenge_id = ${CHALLENGE}`);
  await db.execute(sql`
    insert into submission_test_outputs
      (submission_id, test_index, stdout, stdout_cut, stderr, stderr_cut)
    select s.id, t.n - 1,
      case when t.v->>'verdict' = 'Accepted' then (2 * t.n)::text || E'\n'
        else 'wrong ' || (abs(hashtext(s.id::text || t.n)) % 40)::text || E'\n' end,
      false, '', false
    from submissions s
      cross join lateral jsonb_array_elements(s.details->'tests') with ordinality t(v, n)
    where s.challenge_id = ${CHALLENGE}`);
  await refreshBenchStandings(db, CHALLENGE);
}

async function statisticsBenchmark(postgresAdminUrl?: string): Promise<Figures> {
  const server = await startBenchServer({ postgresAdminUrl });
  try {
    const seedStarted = performance.now();
    await seedStatisticsBench(server.db);
    const seedMs = performance.now() - seedStarted;
    const headers = { authorization: `Bearer ${await server.adminToken()}` };
    const health = `${server.url}/api/health`;
    const stats = `${server.url}${challengeStatisticsPath(CHALLENGE)}`;
    const check = (await (await fetch(stats, { headers })).json()) as StatisticsResponse;
    const block = check.challenges[0];
    const ok =
      block?.students === STUDENTS &&
      block.tests.length === TESTS &&
      block.tests.every((t) => t.judged === STUDENTS && t.wrongOutputs.length > 0);
    for (let i = 0; i < 20; i++) {
      await timedGet(health, {});
      await timedGet(stats, headers);
    }
    const healthMs: number[] = [];
    const statsMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      healthMs.push(await timedGet(health, {}));
      statsMs.push(await timedGet(stats, headers));
    }
    const h = summarize(healthMs);
    const s = summarize(statsMs);
    return {
      database: postgresAdminUrl ? 'PostgreSQL' : 'PGlite',
      seedMs,
      healthP50: h.p50,
      healthP99: h.p99,
      statsP50: s.p50,
      statsP99: s.p99,
      ok,
    };
  } finally {
    await server.close();
  }
}

/** Runs on each database and prints one table; returns how many goals were missed. */
export async function reportStatisticsBenchmark(
  targets: readonly { label: string; url: string | undefined }[],
): Promise<number> {
  console.log(
    `\nPer-test statistics (issue 34): ${STUDENTS.toLocaleString()} students x ${TESTS} tests x ` +
      `${SUBMISSIONS_PER_STUDENT} submissions, every test's output kept; p99 of ${SAMPLES} ` +
      'requests interleaved with /api/health. Goal: statistics p99 <= 10x health (on PostgreSQL; ' +
      'PGlite shown for reference).',
  );
  const figures: Figures[] = [];
  for (const target of targets) figures.push(await statisticsBenchmark(target.url));
  let missed = 0;
  console.table(
    figures.map((f) => {
      const ratio = f.statsP99 / f.healthP99;
      const goal = f.database === 'PostgreSQL';
      const met = ratio <= 10;
      if (!f.ok || (goal && !met)) missed += 1;
      return {
        database: f.database,
        seed: `${(f.seedMs / 1000).toFixed(1)} s`,
        'health p50/p99': `${f.healthP50.toFixed(1)} / ${f.healthP99.toFixed(1)} ms`,
        'statistics p50/p99': `${f.statsP50.toFixed(1)} / ${f.statsP99.toFixed(1)} ms`,
        'statistics vs health (p99)': `${ratio.toFixed(1)}x ${goal ? (met ? 'met' : 'NOT met') : '(reference)'}`,
        ok: f.ok,
      };
    }),
  );
  return missed;
}
