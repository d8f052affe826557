// The test's API with the real judge: the compiler token and its checks, the statement (samples
// only), Run, Submit with client ids (stored once, concurrent duplicates too), results of one's own
// only, size limits, /api/health's judge report, and the time rules under a test clock.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompilerChallenge,
  GetTokenResponse,
  RunResponse,
  SubmissionState,
} from '../../src/contract/compiler.ts';
import type { AdminHealthResponse } from '../../src/contract/health.ts';
import { messages } from '../../src/contract/messages.ts';
import { attempts, submissions } from '../../src/server/db/schema.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import {
  HIDDEN_INPUT,
  HIDDEN_OUTPUT,
  addChallenge,
  awaitFinal,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';

const correct = solutions.python.correct;
const expectNoHiddenData = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(JSON.stringify(HIDDEN_INPUT).slice(1, -1));
  expect(text).not.toContain(JSON.stringify(HIDDEN_OUTPUT).slice(1, -1));
};

describe.each(databaseKinds)('the test API on %s', (kind) => {
  let server: TestServer;
  let student: Student;
  /** The server's clock: real time unless a test sets it. */
  let clock: number | null = null;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv, {
      now: () => (clock === null ? new Date() : new Date(clock)),
    });
    await addChallenge(server, challengeInput('OPEN-1'));
    await addChallenge(server, challengeInput('OTHER-1'));
    await addChallenge(
      server,
      challengeInput('TIME-1', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 45 }),
    );
    student = await signInStudent(server, 'ada@college.test', 'OPEN-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const compiler = (method: string, path: string, body?: unknown, who: Student = student) =>
    call(server, method, path, body, who.compiler);

  describe('POST /api/user/getToken', () => {
    it('gives a compiler token for the rest of the session and the built-in page address', async () => {
      const s = await signUpStudent(server, 'bo@college.test');
      const res = await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: 'BO@college.test', name: s.name, challengeId: 'OPEN-1' },
        bearer(s.token),
      );
      expect(res.status).toBe(200);
      const body = res.body as GetTokenResponse;
      const sessionEnd = Date.now() + server.config.sessionTtlSeconds * 1000;
      expect(Math.abs(Date.parse(body.expiresAt) - sessionEnd)).toBeLessThan(60_000);
      // The token in the fragment, never sent to a server (issue 15 item 4).
      expect(body.url).toMatch(/^\/compiler\/OPEN-1\?appKey=[\w-]{16,}#token=[\w.-]+$/);
      expect(body.url).toContain(`#token=${body.token}`);
      // Without a challengeId: the spec's answer, {token, expiresAt}.
      const plain = await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: s.email, name: s.name },
        bearer(s.token),
      );
      expect(Object.keys(plain.body as object).sort()).toEqual(['expiresAt', 'token']);
    });

    it('refuses a caller who is not that student', async () => {
      const body = { email: student.email, name: student.name };
      expect((await call(server, 'POST', '/api/user/getToken', body)).status).toBe(401);
      const admin = bearer(await adminToken(server));
      expect((await call(server, 'POST', '/api/user/getToken', body, admin)).status).toBe(403);
      const other = await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: 'someone@college.test', name: student.name },
        student.session,
      );
      expect(other).toMatchObject({
        status: 403,
        body: { message: messages.compilerTokenMismatch },
      });
      const noName = await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: student.email },
        student.session,
      );
      expect(noName.status).toBe(400);
      const unknown = await call(
        server,
        'POST',
        '/api/user/getToken',
        { ...body, challengeId: 'NOPE-1' },
        student.session,
      );
      expect(unknown).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    });
  });

  describe('compiler authorisation', () => {
    const path = '/api/compiler/challenge/OPEN-1';
    it('needs the compiler token and the application key', async () => {
      const appKey = { 'x-app-key': student.appKey };
      expect(await call(server, 'GET', path, undefined, appKey)).toMatchObject({
        status: 401,
        body: { message: messages.compilerTokenMissing },
      });
      // A session token is not a compiler token, and a compiler token is not a session token.
      const session = { ...student.session, ...appKey };
      expect((await call(server, 'GET', path, undefined, session)).status).toBe(401);
      const asSession = bearer(student.compilerToken);
      expect(
        (await call(server, 'GET', '/api/user/getChallenges', undefined, asSession)).status,
      ).toBe(401);
      const token = bearer(student.compilerToken);
      expect(await call(server, 'GET', path, undefined, token)).toMatchObject({
        status: 403,
        body: { message: messages.compilerAppKeyInvalid },
      });
      const wrongKey = { ...token, 'x-app-key': 'not-the-key' };
      expect((await call(server, 'GET', path, undefined, wrongKey)).status).toBe(403);
      const inQuery = `${path}?appKey=${encodeURIComponent(student.appKey)}`;
      expect((await call(server, 'GET', inQuery, undefined, token)).status).toBe(200);
      const run = await call(server, 'POST', '/api/compiler/run', { bad: 1 }, wrongKey);
      expect(run.status).toBe(403);
    });
  });

  describe('statement, run, submit and result', () => {
    it('shows the statement with samples only and records the attempt once', async () => {
      const first = await compiler('GET', '/api/compiler/challenge/OPEN-1');
      expect(first.status).toBe(200);
      const c = first.body as CompilerChallenge;
      expect(c).toMatchObject({
        challengeId: 'OPEN-1',
        language: 'python',
        score: 100,
        timeDur: 60,
        timeLimitMs: 3000,
        memoryLimitMb: 256,
        starterCode: '# read two numbers\n',
        samples: [{ input: '1 2\n', expectedOutput: '3\n' }],
        hiddenTestCount: 1,
        graceSeconds: 30,
        bestScore: null,
        submissionCount: 0,
      });
      expect(Date.parse(c.deadline) - Date.parse(c.startedAt)).toBe(60 * 60_000);
      expectNoHiddenData(c);
      const second = (await compiler('GET', '/api/compiler/challenge/OPEN-1'))
        .body as CompilerChallenge;
      expect(second.startedAt).toBe(c.startedAt);
      const rows = await server.database.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.userId, student.id), eq(attempts.challengeId, 'OPEN-1')));
      expect(rows).toHaveLength(1);
      expect((await compiler('GET', '/api/compiler/challenge/NOPE-1')).status).toBe(404);
    });

    it('runs on the samples, or once on custom input', async () => {
      const samples = await compiler('POST', '/api/compiler/run', {
        challengeId: 'OPEN-1',
        code: correct,
      });
      expect(samples.status).toBe(200);
      expect(samples.body).toMatchObject({
        mode: 'samples',
        verdict: 'Accepted',
        samples: [{ index: 0, input: '1 2\n', expectedOutput: '3\n', stdout: '3\n' }],
      });
      expectNoHiddenData(samples.body);
      const custom = await compiler('POST', '/api/compiler/run', {
        challengeId: 'OPEN-1',
        code: 'import sys\nprint(sum(map(int, sys.stdin.read().split())))\nprint("hi", file=sys.stderr)\n',
        stdin: '2 3\n',
      });
      const body = custom.body as Extract<RunResponse, { mode: 'custom' }>;
      expect(body).toMatchObject({
        mode: 'custom',
        result: { verdict: 'Accepted', stdout: '5\n', stderr: 'hi\n', exitCode: 0 },
      });
      expect(body.result.timeMs).toBeGreaterThanOrEqual(0);
    });

    it('refuses code that is empty or too large', async () => {
      const big = await compiler('POST', '/api/compiler/submit', {
        challengeId: 'OPEN-1',
        code: '#'.repeat(70 * 1024),
      });
      expect(big).toMatchObject({ status: 413, body: { message: expect.stringMatching(/64 KB/) } });
      const empty = await compiler('POST', '/api/compiler/run', {
        challengeId: 'OPEN-1',
        code: ' ',
      });
      expect(empty).toMatchObject({ status: 400, body: { message: messages.codeEmpty } });
      const badId = await compiler('POST', '/api/compiler/submit', {
        challengeId: 'OPEN-1',
        code: correct,
        submissionId: 'not-a-uuid',
      });
      expect(badId).toMatchObject({ status: 400, body: { message: messages.invalidSubmissionId } });
    });

    it('stores a submission once per id, even when sent twice at the same time', async () => {
      const id = crypto.randomUUID();
      const body = { challengeId: 'OPEN-1', code: correct, submissionId: id };
      const [a, b] = await Promise.all([
        compiler('POST', '/api/compiler/submit', body),
        compiler('POST', '/api/compiler/submit', body),
      ]);
      // Stored first and answered at once; the judge works after.
      expect(a?.status).toBe(202);
      expect(b?.status).toBe(202);
      expect(a?.body).toMatchObject({ submissionId: id, challengeId: 'OPEN-1' });
      expect(['queued', 'running']).toContain((a?.body as SubmissionState).status);
      const result = await awaitFinal(server, student, a?.body as SubmissionState);
      // Sent again after it was judged: the stored result, not a second judgement.
      const later = await compiler('POST', '/api/compiler/submit', { ...body, code: 'print(0)\n' });
      expect(later).toMatchObject({ status: 200, body: result });
      expect(result).toMatchObject({
        status: 'judged',
        submissionId: id,
        verdict: 'Accepted',
        score: 100,
        bestScore: 100,
        hidden: { total: 1, passed: 1 },
      });
      expectNoHiddenData(result);
      const rows = await server.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.id, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ code: correct, language: 'python', passed: 2, total: 2 });
      expectNoHiddenData(rows[0]?.details);

      const stored = await compiler('GET', `/api/compiler/result/${id}`);
      expect(stored).toMatchObject({ status: 200, body: result });
      // The same id for another challenge is refused, not overwritten.
      const reused = await compiler('POST', '/api/compiler/submit', {
        ...body,
        challengeId: 'OTHER-1',
      });
      expect(reused.status).toBe(409);
    });

    it("never shows another student's submission", async () => {
      const id = crypto.randomUUID();
      const mine = await submitAndWait(server, student, {
        challengeId: 'OPEN-1',
        code: solutions.python.wrong,
        submissionId: id,
      });
      expect(mine.final).toMatchObject({ verdict: 'Wrong Answer', score: 25, bestScore: 100 });
      const eve = await signInStudent(server, 'eve@college.test', 'OPEN-1');
      expect(await compiler('GET', `/api/compiler/result/${id}`, undefined, eve)).toMatchObject({
        status: 404,
        body: { message: messages.submissionNotFound },
      });
      const steal = await compiler(
        'POST',
        '/api/compiler/submit',
        { challengeId: 'OPEN-1', code: correct, submissionId: id },
        eve,
      );
      expect(steal.status).toBe(409);
      expect((await compiler('GET', '/api/compiler/result/abc')).status).toBe(400);
    });

    it("lists the student's attempted challenges with the best score", async () => {
      const res = await call(server, 'GET', '/api/user/getChallenges', undefined, student.session);
      const list = (res.body as { challenges: { challengeId: string; bestScore: number }[] })
        .challenges;
      expect(list.find((c) => c.challengeId === 'OPEN-1')?.bestScore).toBe(100);
    });
  });

  describe('time rules (server clock)', () => {
    const at = (iso: string) => {
      clock = Date.parse(iso);
    };
    afterAll(() => {
      clock = null;
    });
    const run = (who: Student) =>
      compiler('POST', '/api/compiler/run', { challengeId: 'TIME-1', code: correct }, who);
    const submit = (who: Student) =>
      submitAndWait(server, who, { challengeId: 'TIME-1', code: correct });

    it('refuses everything before the start of startDate', async () => {
      at('2030-06-09T23:59:59Z');
      const open = await compiler('GET', '/api/compiler/challenge/TIME-1');
      expect(open).toMatchObject({
        status: 403,
        body: { message: messages.testNotOpenYet.replace('{date}', '2030-06-10') },
      });
      expect((await run(student)).status).toBe(403);
      expect((await submit(student)).status).toBe(403);
    });

    it('starts the attempt at the first open; the deadline is start + timeDur', async () => {
      const early = await signInStudent(server, 'early@college.test', 'TIME-1');
      at('2030-06-10T10:00:00Z');
      const c = (await compiler('GET', '/api/compiler/challenge/TIME-1', undefined, early))
        .body as CompilerChallenge;
      expect(c).toMatchObject({
        startedAt: '2030-06-10T10:00:00.000Z',
        deadline: '2030-06-10T10:45:00.000Z',
        serverNow: '2030-06-10T10:00:00.000Z',
      });
      at('2030-06-10T10:30:00Z');
      const again = (await compiler('GET', '/api/compiler/challenge/TIME-1', undefined, early))
        .body as CompilerChallenge;
      expect(again.startedAt).toBe('2030-06-10T10:00:00.000Z');
      expect((await run(early)).status).toBe(200);
      at('2030-06-10T10:45:01Z');
      expect(await run(early)).toMatchObject({
        status: 403,
        body: { message: messages.testTimeUp },
      });
    });

    it('never lets the deadline pass the end of endDate, and gives submissions 30 s of grace', async () => {
      at('2030-06-10T23:50:00Z');
      const c = (await compiler('GET', '/api/compiler/challenge/TIME-1')).body as CompilerChallenge;
      expect(c.deadline).toBe('2030-06-11T00:00:00.000Z');
      at('2030-06-11T00:00:20Z');
      expect((await run(student)).status).toBe(403);
      const graced = await submit(student);
      expect(graced.status).toBe(202);
      expect(graced.final).toMatchObject({ verdict: 'Accepted', score: 100 });
      at('2030-06-11T00:00:31Z');
      expect(await submit(student)).toMatchObject({
        status: 403,
        body: { message: messages.testTimeUp },
      });
      // The graced one sent again after time is up (its answer was lost): its state, not 403.
      const { submissionId } = graced.body as SubmissionState;
      expect(
        await submitAndWait(server, student, {
          challengeId: 'TIME-1',
          code: correct,
          submissionId,
        }),
      ).toMatchObject({ status: 200, body: { submissionId, status: 'judged', score: 100 } });
      // The statement still opens for a student who started in time (the page shows time up).
      expect((await compiler('GET', '/api/compiler/challenge/TIME-1')).status).toBe(200);
    });

    it('accepts a submission queued offline before the deadline for 5 more minutes, once', async () => {
      const offline = await signInStudent(server, 'offline@college.test', 'TIME-1');
      at('2030-06-10T20:00:00Z');
      const c = (await compiler('GET', '/api/compiler/challenge/TIME-1', undefined, offline))
        .body as CompilerChallenge;
      expect(c.deadline).toBe('2030-06-10T20:45:00.000Z');
      const queued = (submissionId: string, queuedAt: string) =>
        submitAndWait(server, offline, {
          challengeId: 'TIME-1',
          code: correct,
          submissionId,
          queuedAt,
        });
      const id = '3f0c7c1e-8a51-4a57-9d0e-5b8f3f7c2a10';
      // Made a second before time was up, the network came back four minutes later.
      at('2030-06-10T20:49:00Z');
      const late = await queued(id, '2030-06-10T20:44:59.000Z');
      expect(late).toMatchObject({ status: 202, final: { verdict: 'Accepted', score: 100 } });
      // The page sends it again (it never saw the answer): judged and stored once.
      expect((await queued(id, '2030-06-10T20:44:59.000Z')).status).toBe(200);
      const stored = await server.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.userId, offline.id));
      expect(stored).toHaveLength(1);
      // Queued after time was up: staying offline does not extend the test.
      const after = await queued('7d9b1f2a-2c3e-4f5a-8b6c-9d0e1f2a3b4c', '2030-06-10T20:46:00Z');
      expect(after).toMatchObject({ status: 403, body: { message: messages.testTimeUp } });
      // Made in time but back online only after the 5-minute allowance.
      at('2030-06-10T20:50:01Z');
      const tooLate = await queued('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', '2030-06-10T20:44:00Z');
      expect(tooLate).toMatchObject({
        status: 403,
        body: { message: messages.offlineSubmissionTooLate.replace('{minutes}', '5') },
      });
      const bad = await compiler(
        'POST',
        '/api/compiler/submit',
        { challengeId: 'TIME-1', code: correct, queuedAt: 'yesterday' },
        offline,
      );
      expect(bad).toMatchObject({ status: 400, body: { message: messages.invalidQueuedAt } });
    });

    it('refuses a first open after the end of endDate', async () => {
      const late = await signInStudent(server, 'late@college.test', 'TIME-1');
      at('2030-06-11T01:00:00Z');
      expect(
        await compiler('GET', '/api/compiler/challenge/TIME-1', undefined, late),
      ).toMatchObject({
        status: 403,
        body: { message: messages.testClosed.replace('{date}', '2030-06-10') },
      });
    });
  });

  it("reports the judge's capabilities in the administrator's health details", async () => {
    expect((await call(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    const admin = bearer(await adminToken(server));
    const res = await call(server, 'GET', '/api/admin/health', undefined, admin);
    const body = res.body as AdminHealthResponse;
    expect(body).toMatchObject({ status: 'ok', database: kind });
    expect(body.judge).toMatchObject({
      sandbox: 'bwrap',
      ready: true,
      languages: { javascript: true, python: true, java: true, c: true, cpp: true },
      // Every submission above was followed to its verdict: nothing waits, one worker (this process).
      queue: { running: 0, waiting: 0, workers: 1 },
    });
    expect(['v1', 'v2']).toContain(body.judge.cgroups);
  });
});
