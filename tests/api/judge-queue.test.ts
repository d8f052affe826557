// The durable judge queue (issue 13) on both databases: fair turns per student, nothing lost
// across a server restart, re-judging after a test case is fixed, the admin's status call, and
// one Run at a time per student.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESULT_WAIT_SECONDS, type SubmissionState } from '../../src/contract/compiler.ts';
import type { JudgeStatus, RejudgeResponse } from '../../src/contract/judge-queue.ts';
import { messages } from '../../src/contract/messages.ts';
import { attempts, submissions } from '../../src/server/db/schema.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  lastingDatabase,
  queryRows,
  startServer,
  startServerOn,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  awaitFinal,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import { bound } from './bounds.ts';

const oneTest = (timeLimitMs: number) => ({
  timeLimitMs,
  testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
});

const submit = (server: TestServer, who: Student, challengeId: string, code: string) =>
  call(
    server,
    'POST',
    '/api/compiler/submit',
    { challengeId, code, submissionId: crypto.randomUUID() },
    who.compiler,
  );

describe.each(databaseKinds)('the judge queue on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind, { ...adminEnv, JUDGE_CONCURRENCY: '2' });
    admin = bearer(await adminToken(server));
    // Long enough that a loaded machine judges the trivial submission while the first loop runs.
    await addChallenge(server, challengeInput('FAIR-1', oneTest(3000)));
    await addChallenge(server, challengeInput('RJ-1'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("judges another student's submission before any of one student's four endless loops has finished", async () => {
    const flooder = await signInStudent(server, 'flood@college.test', 'FAIR-1');
    const other = await signInStudent(server, 'fair@college.test', 'FAIR-1');
    const loops: SubmissionState[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await submit(server, flooder, 'FAIR-1', solutions.python.slow);
      expect(res.status).toBe(202);
      loops.push(res.body as SubmissionState);
    }
    const trivial = await submitAndWait(server, other, {
      challengeId: 'FAIR-1',
      code: solutions.python.correct,
    });
    expect(trivial.final).toMatchObject({ status: 'judged', verdict: 'Accepted' });
    const flooded = await server.database.db
      .select({ status: submissions.status })
      .from(submissions)
      .where(eq(submissions.userId, flooder.id));
    expect(flooded.filter((s) => s.status === 'judged')).toHaveLength(0);
    // Never two of one student's submissions in the judge at once.
    expect(flooded.filter((s) => s.status === 'running').length).toBeLessThanOrEqual(1);
    for (const loop of loops)
      expect(await awaitFinal(server, flooder, loop)).toMatchObject({
        verdict: 'Time Limit Exceeded',
      });
  });

  it('re-judges a challenge after its test case is fixed, and the best scores follow', async () => {
    const student = await signInStudent(server, 'rejudge@college.test', 'RJ-1');
    // The hidden test expects the wrong answer: a correct program scores only the sample.
    const broken = challengeInput('RJ-1', {
      testCases: [
        { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
        { input: '40 2\n', expectedOutput: '41\n', hidden: true, weight: 3 },
      ],
    });
    expect((await call(server, 'POST', '/api/admin/updateChallenge', broken, admin)).status).toBe(
      200,
    );
    const first = await submitAndWait(server, student, {
      challengeId: 'RJ-1',
      code: solutions.python.correct,
    });
    expect(first.final).toMatchObject({ verdict: 'Wrong Answer', score: 25, bestScore: 25 });

    const fixed = challengeInput('RJ-1');
    expect((await call(server, 'POST', '/api/admin/updateChallenge', fixed, admin)).status).toBe(
      200,
    );
    const res = await call(server, 'POST', '/api/admin/rejudge', { challengeId: 'RJ-1' }, admin);
    expect(res.status).toBe(200);
    expect(res.body as RejudgeResponse).toMatchObject({ queued: 1, students: 1 });
    const again = await awaitFinal(server, student, {
      ...(first.final as SubmissionState),
      status: 'queued',
      position: 1,
    });
    expect(again).toMatchObject({ verdict: 'Accepted', score: 100, bestScore: 100 });
    const [standing] = await server.database.db
      .select({ best: attempts.bestScore, count: attempts.submissionCount })
      .from(attempts)
      .where(and(eq(attempts.userId, student.id), eq(attempts.challengeId, 'RJ-1')));
    expect(standing).toEqual({ best: 100, count: 1 });

    // One submission alone, by id.
    const one = await call(
      server,
      'POST',
      '/api/admin/rejudge',
      { submissionId: again.submissionId },
      admin,
    );
    expect(one.body).toMatchObject({ queued: 1, students: 1 });
    const status = await call(
      server,
      'GET',
      '/api/admin/judgeStatus?challengeId=RJ-1',
      undefined,
      admin,
    );
    expect(status.status).toBe(200);
    const body = status.body as JudgeStatus;
    expect(body.challenge?.total).toBe(1);
    expect(body.workers).toBe(1);
    expect(body.workerList[0]).toMatchObject({ concurrency: 2, alive: true });
    await awaitFinal(server, student, { ...again, status: 'queued', position: 1 });
  });

  it('keeps the queue calls to administrators and checks their input', async () => {
    const student = await signInStudent(server, 'nosy@college.test', 'RJ-1');
    expect((await call(server, 'GET', '/api/admin/judgeStatus')).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/admin/judgeStatus', undefined, student.session)).status,
    ).toBe(403);
    expect(
      (await call(server, 'POST', '/api/admin/rejudge', { challengeId: 'RJ-1' }, student.session))
        .status,
    ).toBe(403);
    expect(await call(server, 'POST', '/api/admin/rejudge', {}, admin)).toMatchObject({
      status: 400,
      body: { message: messages.rejudgeTargetMissing },
    });
    expect(
      await call(server, 'POST', '/api/admin/rejudge', { submissionId: 'nope' }, admin),
    ).toMatchObject({ status: 400 });
    expect(
      await call(server, 'POST', '/api/admin/rejudge', { challengeId: 'NOBODY-1' }, admin),
    ).toMatchObject({ status: 404, body: { message: messages.rejudgeNothing } });
    expect(
      (await call(server, 'GET', '/api/admin/judgeStatus?challengeId=%20', undefined, admin))
        .status,
    ).toBe(400);
    // The health details show counts only.
    const health = (await call(server, 'GET', '/api/admin/health', undefined, admin)).body as {
      judge: { queue: Record<string, number> };
    };
    expect(Object.keys(health.judge.queue).sort()).toEqual(['running', 'waiting', 'workers']);
  });

  it('runs one Run at a time per student', async () => {
    const student = await signInStudent(server, 'runner@college.test', 'FAIR-1');
    const run = (code: string) =>
      call(server, 'POST', '/api/compiler/run', { challengeId: 'FAIR-1', code }, student.compiler);
    const slow = run(solutions.python.slow);
    // Wait until the slow run holds the student's lock.
    for (let i = 0; i < 100; i += 1) {
      const held = await queryRows(server, `select 1 from run_locks where user_id = $1`, [
        student.id,
      ]);
      if (held.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await run(solutions.python.correct)).toMatchObject({
      status: 429,
      body: { message: messages.runInProgress },
    });
    expect((await slow).body).toMatchObject({ verdict: 'Time Limit Exceeded' });
    expect((await run(solutions.python.correct)).body).toMatchObject({ verdict: 'Accepted' });
  });
});

describe.each(databaseKinds)('a server restart on %s', (kind) => {
  it(
    'loses no queued submission: the next server judges each once',
    { timeout: bound(120_000) },
    async () => {
      const lasting = await lastingDatabase(kind);
      // Both servers sign with the same keys, as servers sharing a database must.
      const env = {
        ...adminEnv,
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        COMPILER_APP_KEY: 'restart-app-key-123456',
      };
      try {
        // The first server only stores: nothing judges in it.
        const first = await startServerOn(await lasting.open(), {
          ...env,
          JUDGE_IN_PROCESS: 'false',
        });
        await addChallenge(first, challengeInput('RS-1'));
        const student = await signInStudent(first, 'restart@college.test', 'RS-1');
        const states: SubmissionState[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await submit(first, student, 'RS-1', solutions.python.correct);
          expect(res).toMatchObject({ status: 202, body: { status: 'queued' } });
          states.push(res.body as SubmissionState);
        }
        await first.close();

        const second = await startServerOn(await lasting.open(), env);
        try {
          for (const state of states)
            expect(await awaitFinal(second, student, state)).toMatchObject({
              status: 'judged',
              verdict: 'Accepted',
            });
          // pg-boss marks a job completed once its handler has returned, a moment after the
          // result the page saw was written: wait for that, then each job ran once.
          await expect
            .poll(
              () =>
                queryRows(
                  second,
                  `select retry_count, state from pgboss.job where name = 'judge-submission'`,
                ),
              { timeout: bound(10_000) },
            )
            .toEqual(Array.from({ length: 3 }, () => ({ retry_count: 0, state: 'completed' })));
          const [standing] = await second.database.db
            .select({ count: attempts.submissionCount, best: attempts.bestScore })
            .from(attempts)
            .where(eq(attempts.userId, student.id));
          expect(standing).toEqual({ count: 3, best: 100 });
        } finally {
          await second.close();
        }
      } finally {
        await lasting.drop();
      }
    },
  );
});

describe('closing a server with a long poll waiting', () => {
  // Nothing judges here, so the submission stays queued and only the close can end the wait.
  let server: TestServer;
  let student: Student;
  let submissionId: string;
  let closed: Promise<void> | undefined;
  beforeAll(async () => {
    server = await startServer('pglite', { ...adminEnv, JUDGE_IN_PROCESS: 'false' });
    await addChallenge(server, challengeInput('CLOSE-1'));
    student = await signInStudent(server, 'closing@college.test', 'CLOSE-1');
    const queued = await submit(server, student, 'CLOSE-1', solutions.python.correct);
    expect(queued).toMatchObject({ status: 202, body: { status: 'queued' } });
    submissionId = (queued.body as SubmissionState).submissionId;
  });
  afterAll(async () => {
    await (closed ?? server?.close());
  });

  // The poll waits up to 25 s; this test's 15 s timeout fails it if the close waits for that.
  it(
    'answers the waiting student at once with the current state, and closes',
    { timeout: bound(15_000) },
    async () => {
      const poll = call(
        server,
        'GET',
        `/api/compiler/result/${submissionId}?wait=${MAX_RESULT_WAIT_SECONDS}&since=queued`,
        undefined,
        student.compiler,
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the poll is waiting by now
      closed = server.close();
      expect(await poll).toMatchObject({ status: 200, body: { submissionId, status: 'queued' } });
      await closed;
    },
  );
});
