/**
 * The teacher's results (issue 12) on 10,000 students x 5 judged submissions on one challenge,
 * seeded with bulk SQL (not the API), against the real server:
 * - a results page (50 rows, sorted by best score, filtered by branch, with the summary line)
 *   p99 next to GET /api/health p99, requests interleaved in the same run and sent from a client
 *   in its own process (interleaved.ts). Goal: <= 10x health, and < 50 ms absolute on PostgreSQL.
 * - the .xlsx export of the 10,000 rows over HTTP next to exceljs's WorkbookWriter writing the
 *   same rows and cells alone (the export's writer fed from memory: no database, no HTTP).
 *   Goal: <= 1.5x. And the peak RSS growth of the process during the export. Goal: <= 50 MB.
 *   On PGlite the database runs in this process, so its memory is counted too.
 */
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import {
  resultsExportPath,
  resultsFilterQuerySchema,
  resultsPath,
  toSearchParams,
} from '../src/contract/results.ts';
import { exportPages, type ExportRow } from '../src/server/results/export-rows.ts';
import { writeResultsXlsx } from '../src/server/results/export-xlsx.ts';
import { findResultsChallenge } from '../src/server/results/results-queries.ts';
import { readTestCases } from '../src/server/results/submission-queries.ts';
import { createWallClock } from '../src/server/results/wall-clock.ts';
import type { Db } from '../src/server/db/connection.ts';
import { startBenchServer } from './bench-server.ts';
import { measureInterleaved } from './interleaved.ts';
import { insertBenchAttempts, insertBenchChallenge, refreshBenchStandings } from './bench-seed.ts';
import { median, summarize } from './stats.ts';

const STUDENTS = 10_000;
const SUBMISSIONS_PER_STUDENT = 5;
const TESTS = 5;
const CHALLENGE = 'BENCH-RESULTS';
/** Requests of each kind timed: a p99 of 300 is the third slowest answer (bench/exams.ts). */
const SAMPLES = 1_000;
/** Rounds of exceljs alone then the export, for the export's ratio. */
const EXPORT_ROUNDS = 5;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

export type ResultsFigures = {
  database: string;
  seedMs: number;
  healthP99: number;
  pageP99: number;
  pageP50: number;
  healthP50: number;
  /** Medians over EXPORT_ROUNDS rounds of exceljs alone then the export. */
  exportMs: number;
  exceljsMs: number;
  /** Median of the rounds' export ÷ exceljs ratios (each round's pair ran back to back). */
  exportRatio: number;
  exportRatios: number[];
  exportRows: number;
  exportMb: number;
  rssGrowthMb: number;
  ok: boolean;
};

/** Everything in a few statements: users, attempts, submissions with details, then standings. */
export async function seedResultsBench(db: Db): Promise<void> {
  await insertBenchChallenge(db, CHALLENGE, TESTS);
  await db.execute(sql`
    insert into users (email, name, year, branch, college, password_hash)
    select 'student' || i || '@bench.test', 'Student ' || i, ((i % 4) + 1)::text,
      (array['CSE', 'ECE', 'MECH', 'CIVIL', 'EEE'])[(i % 5) + 1], 'GEC',
      case when i % 3 = 0 then null else 'x' end
    from generate_series(1, ${STUDENTS}) i`);
  await insertBenchAttempts(db, CHALLENGE, '%@bench.test');
  // Scores 0..100 in steps of 20 from a hash, so the sort has many ties; passed tests follow.
  await db.execute(sql`
    insert into submissions (user_id, challenge_id, sitting_attempt_id, language, code, status,
      verdict, passed, total, score, details, created_at, judged_at)
    select a.user_id, ${CHALLENGE}, a.sitting_attempt_id, 'python', 'print(sum(map(int, input().split())))', 'judged',
      case when p.passed = ${TESTS} then 'Accepted' else 'Wrong Answer' end, p.passed, ${TESTS},
      p.passed * 20,
      jsonb_build_object('maxScore', 100, 'tests', (
        select jsonb_agg(jsonb_build_object('hidden', t > 1, 'weight', 1,
          'verdict', case when t <= p.passed then 'Accepted' else 'Wrong Answer' end,
          'timeMs', 12, 'wallMs', 20, 'memoryBytes', 5000000) order by t)
        from generate_series(1, ${TESTS}) t)),
      a.started_at + k * interval '5 minutes', a.started_at + k * interval '5 minutes'
    from attempts a cross join generate_series(1, ${SUBMISSIONS_PER_STUDENT}) k
      cross join lateral (select abs(hashtext(a.user_id::text || k)) % ${TESTS + 1} as passed) p
    where a.challenge_id = ${CHALLENGE}`);
  await refreshBenchStandings(db, CHALLENGE);
}

/** The rows of the export in memory, then exceljs writing them alone into a sink. */
async function exceljsAlone(db: Db): Promise<{ ms: number; rows: number }> {
  const challenge = await findResultsChallenge(db, CHALLENGE);
  if (!challenge) throw new Error('no bench challenge');
  const filters = resultsFilterQuerySchema.parse({});
  const pages: ExportRow[][] = [];
  for await (const page of exportPages(db, challenge, filters)) pages.push(page);
  const names = (await readTestCases(db, CHALLENGE)).map((t) => t.name);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  async function* fromMemory() {
    yield* pages;
  }
  collectGarbage();
  const started = performance.now();
  await writeResultsXlsx(sink, challenge, names, fromMemory(), createWallClock('UTC'));
  return { ms: performance.now() - started, rows: pages.reduce((n, p) => n + p.length, 0) };
}

/** Reads a download to its end; returns its size. */
async function download(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

export async function resultsBenchmark(postgresAdminUrl?: string): Promise<ResultsFigures> {
  const server = await startBenchServer({ postgresAdminUrl });
  try {
    const seedStarted = performance.now();
    await seedResultsBench(server.db);
    const seedMs = performance.now() - seedStarted;
    const token = await server.adminToken();
    const headers = { authorization: `Bearer ${token}` };
    const health = `${server.url}/api/health`;
    const page = `${server.url}${resultsPath(CHALLENGE)}?${toSearchParams({
      sort: 'bestScore',
      dir: 'desc',
      branch: 'CSE',
      limit: 50,
    })}`;
    const check = (await (await fetch(page, { headers })).json()) as { rows: unknown[] };
    let ok = check.rows.length === 50;
    const latencies = await measureInterleaved({
      warmups: 30,
      samples: SAMPLES,
      series: [
        { name: 'health', requests: [{ method: 'GET', url: health, headers: {} }] },
        { name: 'page', requests: [{ method: 'GET', url: page, headers }] },
      ],
    });
    const h = summarize(latencies.health ?? []);
    const p = summarize(latencies.page ?? []);

    const exportUrl = `${server.url}${resultsExportPath(CHALLENGE, 'xlsx')}`;
    // First export: the RSS growth, measured before anything else in this run has grown the heap
    // (the baseline below holds every row in memory, which would hide the export's own growth).
    collectGarbage();
    const baseRss = process.memoryUsage.rss();
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 5);
    let bytes = 0;
    try {
      bytes = await download(exportUrl, headers);
    } finally {
      clearInterval(sampler);
    }
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    // Then rounds of exceljs alone and the export back to back, exceljs's code already warm: a
    // single pair swung from 1.38x to 1.67x between runs on this shared machine, so each round
    // compares neighbours in time and the median round is the figure (as in the judge bench).
    const rounds: { exceljsMs: number; exportMs: number }[] = [];
    let rows = 0;
    for (let round = 0; round < EXPORT_ROUNDS; round++) {
      const baseline = await exceljsAlone(server.db);
      rows = baseline.rows;
      collectGarbage();
      const started = performance.now();
      bytes = await download(exportUrl, headers);
      rounds.push({ exceljsMs: baseline.ms, exportMs: performance.now() - started });
    }
    ok &&= rows === STUDENTS && bytes > 0;
    const exportRatios = rounds.map((r) => r.exportMs / r.exceljsMs);
    return {
      database: postgresAdminUrl ? 'PostgreSQL' : 'PGlite',
      seedMs,
      healthP50: h.p50,
      healthP99: h.p99,
      pageP50: p.p50,
      pageP99: p.p99,
      exportMs: median(rounds.map((r) => r.exportMs)),
      exceljsMs: median(rounds.map((r) => r.exceljsMs)),
      exportRatio: median(exportRatios),
      exportRatios,
      exportRows: rows,
      exportMb: bytes / 1024 / 1024,
      rssGrowthMb: (peakRss - baseRss) / 1024 / 1024,
      ok,
    };
  } finally {
    await server.close();
  }
}

/** Runs on each database and prints one table; returns how many goals were missed. */
export async function reportResultsBenchmark(
  targets: readonly { label: string; url: string | undefined }[],
): Promise<number> {
  console.log(
    `\nResults (issue 12): ${STUDENTS.toLocaleString()} students x ${SUBMISSIONS_PER_STUDENT} submissions on one challenge. ` +
      'Page = 50 rows sorted by best score, filtered by branch, with the summary; p99 of ' +
      `${SAMPLES} requests interleaved with /api/health. Export = .xlsx of every row over HTTP vs ` +
      `exceljs WorkbookWriter writing the same rows from memory, in ${EXPORT_ROUNDS} rounds of both (the median round's ratio). Goals: page p99 <= 10x health ` +
      '(and < 50 ms on PostgreSQL), export <= 1.5x exceljs, RSS growth <= 50 MB.',
  );
  const figures: ResultsFigures[] = [];
  for (const target of targets) figures.push(await resultsBenchmark(target.url));
  let missed = 0;
  console.table(
    figures.map((f) => {
      const pageRatio = f.pageP99 / f.healthP99;
      const exportRatio = f.exportRatio;
      const pageMet = pageRatio <= 10 && (f.database !== 'PostgreSQL' || f.pageP99 < 50);
      const exportMet = exportRatio <= 1.5;
      const rssMet = f.rssGrowthMb <= 50;
      missed += [pageMet, exportMet, rssMet, f.ok].filter((met) => !met).length;
      return {
        database: f.database,
        seed: `${(f.seedMs / 1000).toFixed(1)} s`,
        'health p50/p99': `${f.healthP50.toFixed(1)} / ${f.healthP99.toFixed(1)} ms`,
        'page p50/p99': `${f.pageP50.toFixed(1)} / ${f.pageP99.toFixed(1)} ms`,
        'page vs health (p99)': `${pageRatio.toFixed(1)}x ${pageMet ? 'met' : 'NOT met'}`,
        export: `${(f.exportMs / 1000).toFixed(2)} s (${f.exportMb.toFixed(1)} MB)`,
        'exceljs alone': `${(f.exceljsMs / 1000).toFixed(2)} s`,
        'export vs exceljs (median round)': `${exportRatio.toFixed(2)}x ${exportMet ? 'met' : 'NOT met'}`,
        rounds: f.exportRatios.map((r) => `${r.toFixed(2)}x`).join(' '),
        'RSS growth': `${f.rssGrowthMb.toFixed(0)} MB ${rssMet ? 'met' : 'NOT met'}`,
        ok: f.ok,
      };
    }),
  );
  return missed;
}
