// Judge workers as separate processes (`npm run worker`) sharing one PostgreSQL queue with a server
// that does not judge (issue 13): two workers share 100 jobs with none judged twice; a worker
// killed with SIGKILL mid-run leaves its job to another after the lease; SIGTERM hands a running
// job back at once. PostgreSQL only: a worker needs DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionState } from '../../src/contract/compiler.ts';
import { submissions } from '../../src/server/db/schema.ts';
import {
  adminEnv,
  call,
  lastingDatabase,
  queryRows,
  startServerOn,
  type LastingDatabase,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  awaitFinal,
  challengeInput,
  signInStudent,
  solutions,
  type Student,
} from './compiler-fixtures.ts';
import { bound } from './bounds.ts';

type Worker = { process: ChildProcess; exited: Promise<number | null>; output: () => string };

const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('judge worker processes on postgres', () => {
  let lasting: LastingDatabase;
  let server: TestServer;
  const workers: Worker[] = [];

  const startWorker = async (env: Record<string, string> = {}): Promise<Worker> => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: lasting.url ?? '',
        JUDGE_CONCURRENCY: '1',
        JUDGE_LEASE_MARGIN_SECONDS: '1',
        JUDGE_LEASE_CHECK_SECONDS: '1',
        JUDGE_POLL_SECONDS: '0.5',
        JUDGE_HEARTBEAT_SECONDS: '1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const worker = { process: child, exited, output: () => output };
    workers.push(worker);
    await until(`worker ${child.pid} to start\n${output}`, async () => {
      const rows = await queryRows(server, `select 1 from judge_workers where pid = $1`, [
        child.pid ?? -1,
      ]);
      return rows.length > 0;
    });
    return worker;
  };

  const judgedBy = async (worker: Worker) => {
    const rows = await queryRows(server, `select judged from judge_workers where pid = $1`, [
      worker.process.pid ?? -1,
    ]);
    return Number((rows[0] as { judged?: number } | undefined)?.judged ?? 0);
  };

  const jobOf = async (submissionId: string) => {
    const rows = await queryRows(
      server,
      `select j.state, j.retry_count from pgboss.job j
            join submissions s on s.job_id = j.id where s.id = $1`,
      [submissionId],
    );
    return rows[0] as { state: string; retry_count: number } | undefined;
  };

  beforeAll(async () => {
    lasting = await lastingDatabase('postgres');
    // The server enqueues (and so sets each job's lease); the workers judge.
    server = await startServerOn(await lasting.open(), {
      ...adminEnv,
      JUDGE_IN_PROCESS: 'false',
      JUDGE_LEASE_MARGIN_SECONDS: '1',
      JUDGE_LEASE_CHECK_SECONDS: '1',
    });
    await addChallenge(
      server,
      challengeInput('W-1', {
        testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
      }),
    );
    await addChallenge(
      server,
      challengeInput('W-SLOW', {
        timeLimitMs: 3000,
        testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
      }),
    );
  });
  afterEach(async () => {
    // A test that failed half-way must not leave its workers to take the next test's jobs.
    for (const w of workers.splice(0)) {
      w.process.kill('SIGKILL');
      await w.exited;
    }
  });
  afterAll(async () => {
    await server?.close();
    await lasting?.drop();
  });

  it(
    'two workers share 100 jobs and none is judged twice',
    { timeout: bound(180_000) },
    async () => {
      const [a, b] = [await startWorker(), await startWorker()];
      const students: Student[] = [];
      for (let i = 0; i < 20; i += 1)
        students.push(await signInStudent(server, `share${i}@college.test`, 'W-1'));
      const posted = await Promise.all(
        students.flatMap((student) =>
          Array.from({ length: 5 }, () =>
            call(
              server,
              'POST',
              '/api/compiler/submit',
              {
                challengeId: 'W-1',
                code: solutions.python.correct,
                submissionId: crypto.randomUUID(),
              },
              student.compiler,
            ),
          ),
        ),
      );
      // 202 (queued), or 200 when a worker judged it before the answer was written.
      expect(posted.every((res) => res.status === 202 || res.status === 200)).toBe(true);
      await until(
        'all 100 judged',
        async () => {
          const rows = await server.database.db
            .select({ id: submissions.id })
            .from(submissions)
            .where(eq(submissions.status, 'judged'));
          return rows.length === 100;
        },
        150_000,
      );
      // A worker writes the result, then tells the queue the job is done: the last completions may
      // land a moment after the last result.
      const jobsQuery = `select state, retry_count from pgboss.job where name = 'judge-submission'`;
      await until('all 100 jobs completed', async () => {
        const rows = await queryRows(server, jobsQuery);
        return rows.filter((j) => j.state === 'completed').length === 100;
      });
      const jobs = await queryRows(server, jobsQuery);
      expect(jobs).toHaveLength(100);
      expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
      const verdicts = await queryRows(
        server,
        `select verdict, count(*)::int as n from submissions group by verdict`,
      );
      expect(verdicts).toEqual([{ verdict: 'Accepted', n: 100 }]);
      // Each worker wrote some results, and together exactly one per submission.
      await until('the heartbeats', async () => (await judgedBy(a)) + (await judgedBy(b)) === 100);
      expect(await judgedBy(a)).toBeGreaterThan(0);
      expect(await judgedBy(b)).toBeGreaterThan(0);
      a.process.kill('SIGTERM');
      b.process.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    },
  );

  it(
    'a worker killed mid-run leaves its job to another after the lease; judged once',
    {
      timeout: bound(120_000),
    },
    async () => {
      const doomed = await startWorker();
      const student = await signInStudent(server, 'killed@college.test', 'W-SLOW');
      const res = await call(
        server,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'W-SLOW', code: solutions.python.slow },
        student.compiler,
      );
      const state = res.body as SubmissionState;
      await until(
        'the job to run',
        async () => (await jobOf(state.submissionId))?.state === 'active',
      );
      doomed.process.kill('SIGKILL');
      await doomed.exited;
      const rescuer = await startWorker();
      expect(await awaitFinal(server, student, state)).toMatchObject({
        status: 'judged',
        verdict: 'Time Limit Exceeded',
      });
      // The queue marks the job done just after the result is written.
      await until(
        'the job to complete',
        async () => (await jobOf(state.submissionId))?.state === 'completed',
      );
      expect(await jobOf(state.submissionId)).toMatchObject({ state: 'completed', retry_count: 1 });
      await until('the heartbeat', async () => (await judgedBy(rescuer)) === 1);
      rescuer.process.kill('SIGTERM');
      expect(await rescuer.exited).toBe(0);
    },
  );

  it(
    'SIGTERM hands a running job back at once and the worker exits cleanly',
    {
      timeout: bound(120_000),
    },
    async () => {
      const leaving = await startWorker({ JUDGE_STOP_TIMEOUT_SECONDS: '1' });
      const student = await signInStudent(server, 'handback@college.test', 'W-SLOW');
      const res = await call(
        server,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'W-SLOW', code: solutions.python.slow },
        student.compiler,
      );
      const state = res.body as SubmissionState;
      await until(
        'the job to run',
        async () => (await jobOf(state.submissionId))?.state === 'active',
      );
      leaving.process.kill('SIGTERM');
      expect(await leaving.exited).toBe(0);
      // Handed back for another worker now, not left to its lease.
      expect((await jobOf(state.submissionId))?.state).toBe('retry');
      const next = await startWorker();
      expect(await awaitFinal(server, student, state)).toMatchObject({
        verdict: 'Time Limit Exceeded',
      });
      next.process.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
  );
});
