// The judge's limits through the API: a full queue answers 503 with Retry-After and loses nothing
// (one worker, room for one waiting submission, the real judge); a judge that cannot run code
// safely answers 503 with a message (a fake judge); an external compiler address template is
// honoured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetTokenResponse, SubmissionState } from '../../src/contract/compiler.ts';
import {
  adminHealthPath,
  healthPath,
  type AdminHealthResponse,
} from '../../src/contract/health.ts';
import { messages } from '../../src/contract/messages.ts';
import { JudgeUnavailableError, type JudgeService } from '../../src/server/judge/index.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
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

const EXTERNAL = 'https://ide.example.com/embed/{challengeId}?key={appKey}&t={token}';

describe.each(databaseKinds)('judge queue and settings on %s', (kind) => {
  let server: TestServer;
  let student: Student;
  beforeAll(async () => {
    server = await startServer(kind, {
      ...adminEnv,
      JUDGE_CONCURRENCY: '1',
      JUDGE_QUEUE_LIMIT: '1',
      COMPILER_URL_TEMPLATE: EXTERNAL,
      COMPILER_APP_KEY: 'campus-app-key-1234',
    });
    await addChallenge(
      server,
      challengeInput('Q-1', {
        // Long enough that the slow submission still holds the worker while the test goes on,
        // however loaded the machine is.
        timeLimitMs: 4000,
        testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
      }),
    );
    student = await signInStudent(server, 'queue@college.test', 'Q-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('honours an external compiler address template and a configured app key', async () => {
    const res = await call(
      server,
      'POST',
      '/api/user/getToken',
      { email: student.email, name: student.name, challengeId: 'Q-1' },
      student.session,
    );
    const body = res.body as GetTokenResponse;
    expect(body.url).toBe(
      `https://ide.example.com/embed/Q-1?key=campus-app-key-1234&t=${body.token}`,
    );
    // The test screen may frame that provider, and only it besides this server.
    const page = await call(server, 'GET', '/');
    expect(page.headers.get('content-security-policy')).toContain(
      "frame-src 'self' https://ide.example.com",
    );
  });

  it('answers 503 with Retry-After when the queue is full, and loses nothing', async () => {
    const headers = (who: Student) => ({ ...who.compiler, 'x-app-key': 'campus-app-key-1234' });
    const submit = (who: Student, code: string, submissionId: string) =>
      call(
        server,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'Q-1', code, submissionId },
        headers(who),
      );
    const bob = await signInStudent(server, 'queue-bob@college.test', 'Q-1');
    const carol = await signInStudent(server, 'queue-carol@college.test', 'Q-1');
    const slowId = crypto.randomUUID();
    const slow = await submit(student, solutions.python.slow, slowId);
    expect(slow.status).toBe(202);
    // Wait until the slow submission holds the only worker.
    const admin = bearer(await adminToken(server));
    for (let i = 0; i < 100; i += 1) {
      const health = (await call(server, 'GET', adminHealthPath, undefined, admin))
        .body as AdminHealthResponse;
      if (health.judge.queue.running === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // One more may wait (JUDGE_QUEUE_LIMIT=1); the next is refused, and not stored.
    const bobId = crypto.randomUUID();
    const waiting = await submit(bob, solutions.python.correct, bobId);
    expect(waiting).toMatchObject({ status: 202, body: { status: 'queued', position: 1 } });
    const laterId = crypto.randomUUID();
    const refused = await submit(carol, solutions.python.correct, laterId);
    expect(refused.status).toBe(503);
    // Bob's page sends his again (it never saw the answer): his, though the queue is full.
    expect(await submit(bob, solutions.python.correct, bobId)).toMatchObject({
      status: 202,
      body: { submissionId: bobId, status: 'queued', position: 1 },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((refused.body as { message: string }).message).toMatch(/busy.*not lost/);
    expect(
      (await call(server, 'GET', `/api/compiler/result/${laterId}`, undefined, headers(carol)))
        .status,
    ).toBe(404);
    expect(
      await awaitFinal(server, { compiler: headers(student) }, slow.body as SubmissionState),
    ).toMatchObject({ submissionId: slowId, verdict: 'Time Limit Exceeded' });
    expect(
      await awaitFinal(server, { compiler: headers(bob) }, waiting.body as SubmissionState),
    ).toMatchObject({ verdict: 'Accepted' });
    // Sent again once there is room, it is judged.
    const retried = await submit(carol, solutions.python.correct, laterId);
    expect(retried.status).toBe(202);
    expect(
      await awaitFinal(server, { compiler: headers(carol) }, retried.body as SubmissionState),
    ).toMatchObject({ verdict: 'Accepted', score: 100 });
  });
});

/** A judge on a machine without the sandbox it needs. */
const noCgroups = () =>
  Promise.resolve({
    sandbox: 'bwrap' as const,
    cgroups: 'none' as const,
    ready: false,
    degraded: true,
    languages: { javascript: true, python: true, java: true, c: true, cpp: true },
    problems: ['no usable cgroups'],
  });
const unavailableJudge: JudgeService = {
  judge: () => Promise.reject(new JudgeUnavailableError(['no usable cgroups'])),
  runOnce: () => Promise.reject(new JudgeUnavailableError(['no usable cgroups'])),
  checkChecker: () => Promise.reject(new JudgeUnavailableError(['no usable cgroups'])),
  capabilities: noCgroups,
  recheck: noCgroups,
  queueSize: () => ({ running: 0, waiting: 0 }),
  close: () => Promise.resolve(),
};

describe.each(databaseKinds)('an unavailable judge on %s', (kind) => {
  let server: TestServer;
  let student: Student;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { judge: unavailableJudge });
    await addChallenge(server, challengeInput('U-1'));
    student = await signInStudent(server, 'nojudge@college.test', 'U-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 with a clear message and says so in the health calls', async () => {
    const body = { challengeId: 'U-1', code: solutions.python.correct };
    for (const path of ['/api/compiler/run', '/api/compiler/submit'])
      expect(await call(server, 'POST', path, body, student.compiler)).toMatchObject({
        status: 503,
        body: { message: messages.judgeUnavailable },
      });
    expect(await call(server, 'GET', healthPath)).toMatchObject({
      status: 503,
      body: { status: 'degraded' },
    });
    const admin = bearer(await adminToken(server));
    const health = (await call(server, 'GET', adminHealthPath, undefined, admin))
      .body as AdminHealthResponse;
    expect(health.judge).toMatchObject({ ready: false, cgroups: 'none' });
  });
});
