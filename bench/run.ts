/**
 * `npm run bench`: every benchmark prints its figures next to a baseline measured in the same run,
 * as ratios, because these machines are too noisy for absolute targets.
 */
import { authLoadBenchmark } from './auth-load.ts';
import { reportDeadlineBenchmark } from './deadline-burst.ts';
import { reportExamsBenchmark } from './exams.ts';
import { reportGuessingBenchmark } from './guessing.ts';
import { reportStatisticsBenchmark } from './grading-statistics.ts';
import { reportImportBenchmark } from './problem-import.ts';
import { judgeBenchmark, THROUGHPUT_GOAL } from './judge.ts';
import { reportRosterBenchmark } from './roster.ts';
import { reportResultsBenchmark } from './results.ts';
import { reportSimilarityBenchmark } from './similarity.ts';
import { reportRolesBenchmark } from './roles.ts';
import { reportSittingBenchmark } from './sitting.ts';
import { reportWebBenchmark } from './web.ts';

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(1)}x` : 'n/a');

// PostgreSQL too when a server is named (CI machines run one at 127.0.0.1:5432).
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const targets: { label: string; url: string | undefined }[] = [
  { label: 'PGlite (embedded, the default)', url: undefined },
  ...(postgresUrl ? [{ label: 'PostgreSQL', url: postgresUrl }] : []),
];

// `BENCH_ONLY=judge,roster npm run bench` runs a subset (auth, guessing, roster, judge, results,
// exams, import, web, deadline, similarity, sitting, roles, statistics). `auth` runs `guessing` too.
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);

let failures = 0;
for (const target of wanted('auth') ? targets : []) {
  console.log(`\nSign-in bursts on ${target.label}: argon2id 19 MiB t=2 p=1`);
  const phases = await authLoadBenchmark(target.url);
  const share = (n: number) => `${(n * 100).toFixed(1)}%`;
  console.table(
    phases.map((p) => ({
      phase: p.name,
      total: fmt(p.totalMs),
      p50: fmt(p.p50),
      p99: fmt(p.p99),
      'p50/p99 vs health': p.baseline
        ? `${ratio(p.p50, p.baseline.p50)} / ${ratio(p.p99, p.baseline.p99)}`
        : '',
      slowest: fmt(p.maxMs),
      'signed in ≤ 10 s': p.baseline ? share(p.signedInShare) : '',
      'throughput allows': p.baseline
        ? `${share(p.allowedShare)} (${p.signInsPerSecond.toFixed(0)}/s)`
        : '',
      '503 early': p.busy,
      'late (> 10 s)': p.late,
      'max loop stall': fmt(p.stallMs),
      statuses: JSON.stringify(p.statuses),
    })),
  );
  // Every request is answered within the page's timeout: signed in, or told at once to retry.
  const failed = phases.filter(
    (p) => p.late > 0 || Object.keys(p.statuses).some((s) => s !== '200' && s !== '503'),
  );
  for (const p of failed) console.log(`${p.name}: answers late or failed (goal: none)`);
  failures += failed.length;
  // Issue 38: a burst is signed in within 10 s, or as much of it as the throughput allows.
  const burst = phases.at(-1);
  if (burst) {
    const met = burst.signedInShare >= 0.9 || burst.allowedShare - burst.signedInShare <= 0.1;
    console.log(
      `${burst.name}: ${share(burst.signedInShare)} signed in within 10 s, the throughput allows ` +
        `${share(burst.allowedShare)} (goal: ≥ 90 %, or within 10 points of it): ` +
        (met ? 'met' : 'NOT met'),
    );
    if (!met) failures += 1;
  }
}
// Online guessing on one account (issue 30): the budget for unknown clients, the owner's sign-in.
const guessingMissed =
  wanted('auth') || wanted('guessing') ? await reportGuessingBenchmark(targets) : 0;
if (wanted('roster'))
  for (const target of targets) failures += await reportRosterBenchmark(target.url);
if (wanted('judge')) await reportJudge();
const resultsMissed = wanted('results') ? await reportResultsBenchmark(targets) : 0;
const examsMissed = wanted('exams') ? await reportExamsBenchmark(targets) : 0;
const importMissed = wanted('import') ? await reportImportBenchmark(targets) : 0;
const webMissed = wanted('web') ? await reportWebBenchmark() : 0;
const deadlineMissed = wanted('deadline') ? await reportDeadlineBenchmark(postgresUrl) : 0;
const similarityMissed = wanted('similarity') ? await reportSimilarityBenchmark() : 0;
const sittingMissed = wanted('sitting') ? await reportSittingBenchmark(targets) : 0;
const rolesMissed = wanted('roles') ? await reportRolesBenchmark(targets) : 0;
const statisticsMissed = wanted('statistics') ? await reportStatisticsBenchmark(targets) : 0;

async function reportJudge() {
  console.log(`\nJudge: sandboxed (bwrap, cgroups, seccomp) vs bare runs of the same commands`);
  const judge = await judgeBenchmark();
  const perSecond = (n: number) => `${n.toFixed(1)} runs/s`;
  console.table(
    judge.rows.map((r) => ({
      case: r.name,
      bare: r.throughput ? perSecond(r.throughput.bareRunsPerSecond) : fmt(r.bareMs),
      sandboxed: r.throughput ? perSecond(r.throughput.sandboxedRunsPerSecond) : fmt(r.sandboxedMs),
      'sandboxed vs bare': r.throughput
        ? `${r.throughput.ratio.toFixed(2)}x`
        : ratio(r.sandboxedMs, r.bareMs),
      goal: r.goal,
      met: r.met ? 'yes' : 'NO',
    })),
  );
  const t = judge.throughputRatio;
  console.log(
    `Throughput: sandboxed ${perSecond(t.sandboxedRunsPerSecond)}, bare ${perSecond(t.bareRunsPerSecond)}: ` +
      `${t.ratio.toFixed(2)}x bare (goal ≥ ${THROUGHPUT_GOAL}x) ${t.ratio >= THROUGHPUT_GOAL ? 'met' : 'NOT met'}; ` +
      `per round (sandboxed/bare runs/s): ${t.rounds.map((r) => `${r.sandboxed.toFixed(1)}/${r.bare.toFixed(1)}`).join(', ')}`,
  );
  console.log(
    '\nThe sandbox decision (a fresh box per run): a realistic problem, and one box against bwrap',
  );
  console.table(
    judge.sandboxDecision.map((r) => ({
      case: r.name,
      'bare / floor': r.bare,
      sandboxed: r.sandboxed,
      ratio: `${r.ratio.toFixed(2)}x`,
      goal: r.goal,
      met: r.met ? 'yes' : 'NO',
    })),
  );
}

if (!postgresUrl)
  console.log('\n(Set BENCH_DATABASE_URL=postgres://... to measure PostgreSQL as well.)');
if (failures > 0) {
  console.error('Some requests failed: see the statuses column.');
  process.exitCode = 1;
}
if (webMissed > 0) console.log(`Web app: ${webMissed} goal(s) not met, see above.`);
if (deadlineMissed > 0)
  console.log(`Deadline burst: ${deadlineMissed} goal(s) not met, see above.`);
if (resultsMissed > 0) console.log(`Results: ${resultsMissed} goal(s) not met, see above.`);
if (examsMissed > 0) console.log(`Exams: ${examsMissed} goal(s) not met, see above.`);
if (importMissed > 0) console.log(`Package import: ${importMissed} goal(s) not met, see above.`);
if (guessingMissed > 0)
  console.log(`Online guessing: ${guessingMissed} goal(s) not met, see above.`);
if (similarityMissed > 0) console.log('Similarity report: the 5 s goal was not met, see above.');
if (sittingMissed > 0) console.log(`Sitting: ${sittingMissed} goal(s) not met, see above.`);
if (rolesMissed > 0) console.log(`Roles: ${rolesMissed} goal(s) not met, see above.`);
if (statisticsMissed > 0)
  console.log(`Per-test statistics: ${statisticsMissed} goal(s) not met, see above.`);
