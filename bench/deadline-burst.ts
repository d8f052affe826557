/**
 * The exam-day deadline rush (issue 13): 1,000 students each submit a trivial correct python
 * solution to a challenge of 10 tests, posted evenly within one second, against
 *   (a) one server (JUDGE_IN_PROCESS=false) and two `npm run worker` processes (JUDGE_CONCURRENCY=1
 *       each) on a scratch PostgreSQL database,
 *   (b) the embedded default: one server on PGlite judging in-process (JUDGE_CONCURRENCY=2),
 *   (c) (a) again with 4 students each posting FLOOD_EACH `while True: pass` submissions first.
 * Every process is a child (`node --import tsx`, as `npm start` and `npm run worker` run them);
 * this process only plays the students: POST, then long polls on the result call as the compiler
 * page does. Students, the challenge and their attempts are seeded with SQL before the server
 * starts; compiler tokens come from /api/user/getToken. After the run the database is read
 * directly: stored submissions missing or never judged (lost), judge jobs retried or more than one
 * completed job per submission (double-judged, pgboss.job and pgboss.archive).
 * Goals: POST p99 <= 300 ms, 0 lost, 0 double-judged, drain rate (test runs judged per second,
 * first POST to last judged_at) >= 0.9x the judge alone (createJudge, the same submission, the
 * same total concurrency, on the same cores, measured before and after each setup), and with the
 * flood the other students' p99 from POST to verdict <= 2x their p99 in (a).
 * BENCH_QUICK=1 posts 100 submissions; BENCH_DEADLINE_SUBMISSIONS=n sets any count.
 * BENCH_CPU_PROFILE_DIR=folder writes a V8 CPU profile of every server and worker process there
 * (node --cpu-prof, written when the process stops), to see where their time went. The default
 * 1,000 x 10 test runs take as long as the judge needs: at 10-20 runs/s on 2 shared cores, about
 * 10-15 minutes per setup, 40 or more in all (300 take about 15 minutes, 100 about 9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GetTokenResponse, SubmissionState } from '../src/contract/compiler.ts';
import { createTokenService } from '../src/server/auth/tokens.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection.ts';
import { createScratchDatabase } from '../src/server/db/scratch-database.ts';
import { createJudge, judgeConfigFromEnv, type JudgeRequest } from '../src/server/judge/index.ts';
import { queueCounts } from '../src/server/submissions/queue-stats.ts';
import { summarize } from './stats.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SUBMISSIONS = Number(process.env.BENCH_DEADLINE_SUBMISSIONS ?? (QUICK ? 100 : 1000));
const TESTS = 10;
const POST_WINDOW_MS = 1000;
const TIME_LIMIT_MS = 1000;
const FLOOD_STUDENTS = 4;
const FLOOD_EACH = 3;
/** Judge slots in all: two workers of one each, or the server's in-process two (2 cores here). */
const TOTAL_CONCURRENCY = 2;
const BASELINE_SUBMISSIONS = QUICK ? 10 : 30;
/** Give up following when no submission became final for this long (a judge that is stuck). */
const STALL_MS = 180_000;
const CHALLENGE = 'BENCH-DEADLINE';
const QUEUE_JOB = 'judge-submission';

export const POST_P99_GOAL_MS = 300;
export const DRAIN_GOAL = 0.9;
export const FLOOD_GOAL = 2;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORRECT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const LOOP = 'while True:\n    pass\n';
const tests = Array.from({ length: TESTS }, (_, i) => ({
  input: `${i + 1} ${i + 1}\n`,
  expectedOutput: `${2 * (i + 1)}\n`,
  hidden: i > 0,
  weight: 1,
}));

export type SetupFigures = {
  label: string;
  submissions: number;
  postP50: number;
  postP99: number;
  statuses: Record<string, number>;
  lost: number;
  retriedJobs: number;
  doubleJudged: number;
  drainRunsPerSecond: number;
  baselineRunsPerSecond: number;
  verdictP50Ms: number;
  verdictP99Ms: number;
  wallSeconds: number;
  /** From the first POST sent to the last (the burst's own spread). */
  postSpreadMs: number;
  /** Time the judge slots held the burst's jobs (pg-boss started_on..completed_on), ÷ slots × drain time. */
  slotsBusy: number;
  /** Mean time a job was held, against one submission's time in the judge alone at the same concurrency. */
  jobSeconds: number;
  /** The judge alone just before and just after this setup. */
  baselineRange: [number, number];
  /** Submissions of the flooding students never judged (the run waits for them too). */
  floodUnfinished: number;
};

type Student = { id: string; email: string; name: string; headers: Record<string, string> };

type Reply = { status: number; body: unknown };

/**
 * The students' HTTP client: node:http with keep-alive, one connection per request in flight.
 * Measured here, 1,000 POSTs through fetch (undici) cost this process 1.4 s of CPU against 0.4 s
 * through node:http, on the same two cores as the server: the students' browsers are on other
 * machines in a real lab, so the lighter client is the fairer stand-in.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function call(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Reply>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : {
                ...headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Kept as text for the error message.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('timed out')), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}

/** `fn` over `items`, `limit` at a time, results in order. */
async function eachLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next;
        next += 1;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

type Child = { name: string; logFile: string; stop(): Promise<void>; exitCode(): number | null };

/** A TypeScript entry of ours in its own Node process, its output in `logFile`. */
function startChild(name: string, script: string, env: NodeJS.ProcessEnv, logDir: string): Child {
  const logFile = path.join(logDir, `${name}.log`);
  const fd = fs.openSync(logFile, 'a');
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    logFile,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const tail = (file: string) => fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');

async function waitFor<T>(
  what: string,
  children: Child[],
  probe: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const dead = children.find((c) => c.exitCode() !== null);
    if (dead)
      throw new Error(`${dead.name} exited while waiting for ${what}:\n${tail(dead.logFile)}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(250);
  }
  const logs = children.map((c) => `${c.name}:\n${tail(c.logFile)}`).join('\n');
  throw new Error(`timed out waiting for ${what}\n${logs}`);
}

/** The challenge, its 10 tests, the students (`count` + the flood + one warm-up) and attempts. */
async function seed(database: DatabaseHandle, count: number) {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(
    `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev, score,
       start_date, end_date, time_dur, language, tags, time_limit_ms, memory_limit_mb)
     values ($1, 'Sum of two', 'Print a + b.', 'easy', 100, '2020-01-01', '2099-12-31', 120,
       'python', 'bench', $2, 256)`,
    [CHALLENGE, TIME_LIMIT_MS],
  );
  for (const [ordinal, t] of tests.entries())
    await q(
      `insert into test_cases (challenge_id, ordinal, input, expected_output, hidden, weight)
       values ($1, $2, $3, $4, $5, 1)`,
      [CHALLENGE, ordinal, t.input, t.expectedOutput, t.hidden],
    );
  const { rows } = await q(
    `insert into users (email, name, password_hash)
     select 'student' || i || '@bench.test', 'Student ' || i, 'x' from generate_series(1, $1) i
     returning id::text as id, email, name`,
    [count + FLOOD_STUDENTS + 1],
  );
  // Opened 50 minutes ago, like a real exam's last minute; the deadline is far enough away that
  // every submission is in time however slowly the machine drains.
  await q(`insert into sittings (kind, challenge_id) values ('challenge', $1)`, [CHALLENGE]);
  await q(
    `insert into sitting_attempts (sitting_id, user_id, started_at, deadline)
     select s.id, u.id, now() - interval '50 minutes', now() + interval '3 hours'
     from users u cross join sittings s where u.email like '%@bench.test' and s.challenge_id = $1`,
    [CHALLENGE],
  );
  await q(
    `insert into attempts (user_id, challenge_id, sitting_attempt_id, sitting_id, started_at)
     select sa.user_id, $1, sa.id, sa.sitting_id, sa.started_at
     from sitting_attempts sa join sittings s on s.id = sa.sitting_id where s.challenge_id = $1`,
    [CHALLENGE],
  );
  return (rows as { id: string; email: string; name: string }[]).sort(
    (a, b) => Number(a.email.slice(7).split('@')[0]) - Number(b.email.slice(7).split('@')[0]),
  );
}

/** Test runs per second of the judge alone: the burst's own submission, as many at a time. */
async function judgeAlone(): Promise<number> {
  const config = judgeConfigFromEnv(process.env, { concurrency: TOTAL_CONCURRENCY });
  const judge = createJudge({ ...config, queueLimit: 10_000 });
  const req: JudgeRequest = {
    language: 'python',
    code: CORRECT,
    tests,
    score: 100,
    timeLimitMs: TIME_LIMIT_MS,
    memoryLimitMb: 256,
  };
  try {
    const caps = await judge.capabilities();
    if (!caps.ready) throw new Error(`judge not ready: ${caps.problems.join('; ')}`);
    await judge.judge(req);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BASELINE_SUBMISSIONS }, () => judge.judge(req)),
    );
    const seconds = (performance.now() - started) / 1000;
    const bad = results.filter((r) => r.verdict !== 'Accepted').length;
    if (bad > 0) throw new Error(`${bad} baseline submissions were not Accepted`);
    return (BASELINE_SUBMISSIONS * TESTS) / seconds;
  } finally {
    await judge.close();
  }
}

type Outcome = {
  id: string;
  flood: boolean;
  sentAt: number;
  postMs: number;
  status: number;
  /** Date.now() when the final state arrived; undefined if it never did. */
  finalAt?: number;
};

/** Follows one submission with long polls until it is judged (or the run is given up). */
async function follow(
  base: string,
  student: Student,
  first: SubmissionState,
  progress: { lastFinalAt: number },
): Promise<number | undefined> {
  let state = first;
  while (state.status === 'queued' || state.status === 'running') {
    if (Date.now() - progress.lastFinalAt > STALL_MS) return undefined;
    try {
      const res = await call(
        `${base}/api/compiler/result/${state.submissionId}?wait=20&since=${state.status}`,
        'GET',
        undefined,
        student.headers,
        40_000,
      );
      if (res.status === 200) state = res.body as SubmissionState;
      else await sleep(1000);
    } catch {
      await sleep(1000);
    }
  }
  progress.lastFinalAt = Date.now();
  return progress.lastFinalAt;
}

async function burst(
  base: string,
  students: Student[],
  flooders: Student[],
): Promise<{ outcomes: Outcome[]; firstPostAt: number }> {
  const progress = { lastFinalAt: Date.now() };
  const submit = async (student: Student, code: string, flood: boolean): Promise<Outcome> => {
    const id = crypto.randomUUID();
    const sentAt = Date.now();
    const t0 = performance.now();
    let res: Reply;
    try {
      res = await call(
        `${base}/api/compiler/submit`,
        'POST',
        {
          challengeId: CHALLENGE,
          code,
          submissionId: id,
        },
        student.headers,
      );
    } catch {
      return { id, flood, sentAt, postMs: performance.now() - t0, status: 0 };
    }
    const outcome: Outcome = {
      id,
      flood,
      sentAt,
      postMs: performance.now() - t0,
      status: res.status,
    };
    if (res.status === 202 || res.status === 200) {
      const finalAt = await follow(base, student, res.body as SubmissionState, progress);
      if (finalAt !== undefined) outcome.finalAt = finalAt;
    }
    return outcome;
  };
  const firstPostAt = Date.now();
  const flood = flooders.map(async (student) => {
    const mine: Promise<Outcome>[] = [];
    // One after another, as one student clicking Submit again and again.
    for (let i = 0; i < FLOOD_EACH; i++) {
      const posted = submit(student, LOOP, true);
      mine.push(posted);
      await Promise.race([posted, sleep(200)]);
    }
    return Promise.all(mine);
  });
  const spacing = POST_WINDOW_MS / students.length;
  const others = students.map(
    (student, i) =>
      new Promise<Outcome>((resolve, reject) => {
        setTimeout(() => submit(student, CORRECT, false).then(resolve, reject), i * spacing);
      }),
  );
  const outcomes = [...(await Promise.all(flood)).flat(), ...(await Promise.all(others))];
  return { outcomes, firstPostAt };
}

/** What the database says after the run: lost and double-judged submissions, last judged_at. */
async function audit(database: DatabaseHandle, answered: Outcome[]) {
  const { rows: subs } = await database.pool.query(
    `select id::text as id, status, (extract(epoch from judged_at) * 1000)::float8 as judged_ms
       from submissions where challenge_id = $1`,
    [CHALLENGE],
  );
  const byId = new Map(
    (subs as { id: string; status: string; judged_ms: number | null }[]).map((s) => [s.id, s]),
  );
  const { rows: jobs } = await database.pool.query(
    `select data->>'submissionId' as sid, state::text as state, retry_count,
            extract(epoch from completed_on - started_on)::float8 as busy
       from pgboss.job where name = $1
     union all
     select data->>'submissionId', state::text, retry_count,
            extract(epoch from completed_on - started_on)::float8
       from pgboss.archive where name = $1`,
    [QUEUE_JOB],
  );
  const completed = new Map<string, number>();
  const answeredIds = new Set(answered.map((o) => o.id));
  let retriedJobs = 0;
  let busySeconds = 0;
  for (const job of jobs as { sid: string; state: string; retry_count: number; busy: number }[]) {
    if (job.retry_count > 0) retriedJobs += 1;
    if (job.state === 'completed') completed.set(job.sid, (completed.get(job.sid) ?? 0) + 1);
    if (answeredIds.has(job.sid)) busySeconds += job.busy ?? 0;
  }
  let lost = 0;
  let lastJudged = 0;
  for (const o of answered) {
    const row = byId.get(o.id);
    if (!row || row.status !== 'judged' || row.judged_ms === null) lost += 1;
    else lastJudged = Math.max(lastJudged, row.judged_ms);
  }
  const doubleJudged = [...completed.values()].filter((n) => n > 1).length;
  return { lost, retriedJobs, doubleJudged, lastJudged, busySeconds };
}

async function runSetup(
  label: string,
  postgresAdminUrl: string | undefined,
  flood: boolean,
): Promise<Omit<SetupFigures, 'baselineRunsPerSecond' | 'baselineRange'>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deadline-'));
  const scratch = postgresAdminUrl
    ? await createScratchDatabase(postgresAdminUrl, 'portal_deadline')
    : undefined;
  const open = () =>
    scratch
      ? openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 })
      : openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  const children: Child[] = [];
  try {
    const seeding = await open();
    await seeding.migrate();
    const rows = await seed(seeding, SUBMISSIONS).finally(() => seeding.close());

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const jwtSecret = crypto.randomBytes(32).toString('hex');
    const appKey = crypto.randomBytes(16).toString('hex');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NODE_EXTRA_CA_CERTS: '',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: path.join(dir, 'no-web-build'),
      JWT_SECRET: jwtSecret,
      COMPILER_APP_KEY: appKey,
      // The default (1000) is the burst itself: the flood would be answered 503 at the edge.
      JUDGE_QUEUE_LIMIT: '100000',
      JUDGE_IN_PROCESS: scratch ? 'false' : 'true',
      JUDGE_CONCURRENCY: String(TOTAL_CONCURRENCY),
    };
    delete env.DATABASE_URL;
    if (scratch) env.DATABASE_URL = scratch.url;
    children.push(startChild('server', 'src/server/main.ts', env, dir));
    await waitFor('the server', children, async () => {
      const res = await call(`${base}/api/health`, 'GET', undefined, {}, 2000);
      return res.status === 200 ? true : undefined;
    });
    if (scratch) {
      for (const n of [1, 2])
        children.push(
          startChild(`worker-${n}`, 'src/worker.ts', { ...env, JUDGE_CONCURRENCY: '1' }, dir),
        );
      // Their heartbeats, read from the database: /api/health tells anyone only ok or degraded.
      const watching = await open();
      try {
        await waitFor('two judge workers', children, async () =>
          (await queueCounts(watching)).workers >= 2 ? true : undefined,
        );
      } finally {
        await watching.close();
      }
    }

    const tokens = createTokenService(new TextEncoder().encode(jwtSecret), 12 * 3600);
    const students = await eachLimit(rows, 32, async (row): Promise<Student> => {
      const session = await tokens.issue({ ...row, sub: row.id, role: 'student', ver: 0 });
      const res = await call(
        `${base}/api/user/getToken`,
        'POST',
        { email: row.email, name: row.name, challengeId: CHALLENGE },
        { authorization: `Bearer ${session}` },
      );
      if (res.status !== 200)
        throw new Error(`getToken: ${res.status} ${JSON.stringify(res.body)}`);
      const { token } = res.body as GetTokenResponse;
      return { ...row, headers: { authorization: `Bearer ${token}`, 'x-app-key': appKey } };
    });
    const [warmup, ...rest] = students;
    if (!warmup) throw new Error('no students');
    const flooders = flood ? rest.slice(SUBMISSIONS, SUBMISSIONS + FLOOD_STUDENTS) : [];
    const bursters = rest.slice(0, SUBMISSIONS);

    // One submission judged end to end first: the server, the workers and the sandbox launcher
    // are warm, as on a server that has been up through the exam.
    const warm = await burst(base, [warmup], []);
    if (warm.outcomes[0]?.finalAt === undefined) throw new Error('the warm-up was not judged');

    const { outcomes, firstPostAt } = await burst(base, bursters, flooders);
    const others = outcomes.filter((o) => !o.flood);
    const floodUnfinished = outcomes.filter((o) => o.flood && o.finalAt === undefined).length;
    for (const child of children.reverse()) await child.stop();
    children.length = 0;

    const checking = await open();
    const audited = await audit(
      checking,
      others.filter((o) => o.status === 202 || o.status === 200),
    ).finally(() => checking.close());
    const statuses: Record<string, number> = {};
    for (const o of others) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    const posts = summarize(others.map((o) => o.postMs));
    const verdicts = summarize(
      others.filter((o) => o.finalAt !== undefined).map((o) => (o.finalAt ?? 0) - o.sentAt),
    );
    const notAnswered = others.filter((o) => o.status !== 202 && o.status !== 200).length;
    const drainSeconds = (audited.lastJudged - firstPostAt) / 1000;
    return {
      label,
      submissions: others.length,
      postP50: posts.p50,
      postP99: posts.p99,
      statuses,
      lost: audited.lost + notAnswered,
      retriedJobs: audited.retriedJobs,
      doubleJudged: audited.doubleJudged,
      drainRunsPerSecond: drainSeconds > 0 ? (others.length * TESTS) / drainSeconds : 0,
      verdictP50Ms: verdicts.p50,
      verdictP99Ms: verdicts.count === others.length ? verdicts.p99 : Number.POSITIVE_INFINITY,
      wallSeconds: (Date.now() - firstPostAt) / 1000,
      postSpreadMs: Math.max(...others.map((o) => o.sentAt)) - firstPostAt,
      slotsBusy: drainSeconds > 0 ? audited.busySeconds / (TOTAL_CONCURRENCY * drainSeconds) : 0,
      jobSeconds: audited.busySeconds / Math.max(1, others.length - audited.lost),
      floodUnfinished,
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type DeadlineReport = {
  setups: SetupFigures[];
  /** Others' p99 to verdict with the flood ÷ the same setup without it. */
  flood?: { withMs: number; withoutMs: number; ratio: number };
};

/**
 * (a) and (c) need PostgreSQL (`postgresAdminUrl`); without it only (b) runs. The judge alone is
 * measured before and after every setup (a shared machine drifts by 2x within minutes here), and
 * each setup is compared with the mean of the two measurements around it.
 */
export async function deadlineBurstBenchmark(
  postgresAdminUrl: string | undefined,
): Promise<DeadlineReport> {
  const plan: { label: string; postgres: string | undefined; flood: boolean }[] = [
    ...(postgresAdminUrl
      ? [
          { label: 'PostgreSQL, 1 server + 2 workers', postgres: postgresAdminUrl, flood: false },
          {
            label: `PostgreSQL, 1 server + 2 workers, ${FLOOD_STUDENTS} students flooding`,
            postgres: postgresAdminUrl,
            flood: true,
          },
        ]
      : []),
    { label: 'PGlite (embedded, in-process judge)', postgres: undefined, flood: false },
  ];
  const setups: SetupFigures[] = [];
  try {
    let before = await judgeAlone();
    for (const step of plan) {
      const figures = await runSetup(step.label, step.postgres, step.flood);
      const after = await judgeAlone();
      setups.push({
        ...figures,
        baselineRunsPerSecond: (before + after) / 2,
        baselineRange: [before, after],
      });
      // Each setup takes minutes: its figures are printed as soon as they are known.
      console.log(
        `  ${step.label}: POST p50 ${figures.postP50.toFixed(0)} ms, p99 ` +
          `${figures.postP99.toFixed(0)} ms, drain ${(figures.drainRunsPerSecond / ((before + after) / 2)).toFixed(2)}x ` +
          `the judge alone, verdict p99 ${(figures.verdictP99Ms / 1000).toFixed(1)} s, lost ${figures.lost}`,
      );
      before = after;
    }
  } finally {
    agent.destroy(); // its idle keep-alive connections would keep this process alive
  }
  const plain = postgresAdminUrl ? setups[0] : undefined;
  const flooded = setups.find((r) => r.label.includes('flooding'));
  return {
    setups,
    ...(plain && flooded
      ? {
          flood: {
            withMs: flooded.verdictP99Ms,
            withoutMs: plain.verdictP99Ms,
            ratio: flooded.verdictP99Ms / plain.verdictP99Ms,
          },
        }
      : {}),
  };
}

/** Prints the rows; returns the number of goals missed. */
export async function reportDeadlineBenchmark(postgresAdminUrl: string | undefined) {
  console.log(
    `\nDeadline burst: ${SUBMISSIONS} students submit python (${TESTS} tests, correct) within ` +
      `${POST_WINDOW_MS / 1000} s; judge alone = createJudge on the same submission, ` +
      `${TOTAL_CONCURRENCY} at a time, measured before and after each setup`,
  );
  const report = await deadlineBurstBenchmark(postgresAdminUrl);
  const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');
  const perSecond = (n: number) => `${n.toFixed(1)} runs/s`;
  let missed = 0;
  console.table(
    report.setups.map((r) => {
      const drain = r.drainRunsPerSecond / r.baselineRunsPerSecond;
      const flooded = r.label.includes('flooding');
      const met =
        r.postP99 <= POST_P99_GOAL_MS &&
        r.lost === 0 &&
        r.doubleJudged === 0 &&
        r.retriedJobs === 0 &&
        (flooded || drain >= DRAIN_GOAL);
      if (!met) missed += 1;
      return {
        setup: r.label,
        'POST p50': `${r.postP50.toFixed(1)} ms`,
        'POST p99': `${r.postP99.toFixed(1)} ms`,
        'posted in': `${r.postSpreadMs} ms`,
        statuses: JSON.stringify(r.statuses),
        lost: r.lost,
        'retried jobs': r.retriedJobs,
        'double-judged': r.doubleJudged,
        drain: perSecond(r.drainRunsPerSecond),
        'judge alone (before/after)': `${perSecond(r.baselineRunsPerSecond)} (${r.baselineRange.map((n) => n.toFixed(1)).join('/')})`,
        'drain vs alone': `${drain.toFixed(2)}x`,
        'slots busy': `${(100 * r.slotsBusy).toFixed(0)}%`,
        'job held / alone': `${r.jobSeconds.toFixed(2)} / ${((TOTAL_CONCURRENCY * TESTS) / r.baselineRunsPerSecond).toFixed(2)} s`,
        'verdict p50': s(r.verdictP50Ms),
        'verdict p99': s(r.verdictP99Ms),
        'whole run': `${r.wallSeconds.toFixed(0)} s`,
        goal: `p99 ≤ ${POST_P99_GOAL_MS} ms, 0 lost, 0 double${flooded ? '' : `, ≥ ${DRAIN_GOAL}x`}`,
        met: met ? 'yes' : 'NO',
      };
    }),
  );
  if (report.flood) {
    const f = report.flood;
    const met = f.ratio <= FLOOD_GOAL;
    if (!met) missed += 1;
    const unfinished = report.setups.find((r) => r.label.includes('flooding'))?.floodUnfinished;
    console.log(
      `Flood: the other students' p99 from POST to verdict ${s(f.withMs)} with ${FLOOD_STUDENTS} ` +
        `students each sending ${FLOOD_EACH} endless loops, ${s(f.withoutMs)} without: ` +
        `${f.ratio.toFixed(2)}x (goal ≤ ${FLOOD_GOAL}x) ${met ? 'met' : 'NOT met'}` +
        `; ${unfinished ?? 0} of ${FLOOD_STUDENTS * FLOOD_EACH} loop submissions never judged`,
    );
  } else {
    console.log('(PostgreSQL setups and the flood skipped: set BENCH_DATABASE_URL.)');
  }
  return missed;
}
