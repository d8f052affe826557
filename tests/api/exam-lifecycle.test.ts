// An exam's lifecycle (issue 32 item 2) on both databases, on a test clock: a new exam is a draft
// that no student can find, open or reach through the compiler; Publish opens it; Stop now ends
// every open attempt at the stop for every problem (a submission queued offline before it still
// counts) and lets nobody begin; Reopen undoes it; a started exam cannot go back to draft.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompilerChallenge } from '../../src/contract/compiler.ts';
import {
  examLifecyclePath,
  examMessages,
  examPath,
  examsPath,
  studentExamOpenPath,
  testCodePath,
  type Exam,
  type StudentExam,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import { sittingMessages, type LifecycleAction } from '../../src/contract/sittings.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type TestServer,
} from './harness.ts';
import { compilerHeaders, examInput, openExam, seedStudents } from './exam-fixtures.ts';
import { seedChallenge } from './results-fixtures.ts';

const T0 = Date.parse('2026-06-10T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;

describe.each(databaseKinds)('an exam’s lifecycle on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = T0;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    for (const id of ['EL-A', 'EL-B']) await seedChallenge(server, id, 100);
  });
  afterAll(async () => {
    await server?.close();
  });

  const student = async (prefix: string) => {
    const [s] = await seedStudents(server, `${prefix}-${kind}`, 1);
    if (!s) throw new Error('no student');
    return s;
  };
  const lifecycle = (code: string, action: LifecycleAction | string, who = admin) =>
    call(server, 'POST', examLifecyclePath(code), { action }, who);
  const create = async (code: string) => {
    const res = await call(
      server,
      'POST',
      examsPath,
      examInput(code, [
        { points: 10, challengeIds: ['EL-A'] },
        { points: 10, challengeIds: ['EL-B'] },
      ]),
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { exam: Exam }).exam;
  };

  it('keeps a new exam a draft that students cannot find, open or reach until it is published', async () => {
    const created = await create('EL-DRAFT');
    expect(created).toMatchObject({ lifecycle: 'draft', stoppedAt: null });
    const s = await student('draft');
    const look = () => call(server, 'GET', testCodePath('el-draft'), undefined, s.session);
    const open = () => call(server, 'POST', studentExamOpenPath('EL-DRAFT'), undefined, s.session);
    // As a code that names nothing: the spec's message at step 2, the exam's on its screen.
    expect(await look()).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    expect(await open()).toMatchObject({
      status: 404,
      body: { message: examMessages.examNotFound },
    });
    expect(
      await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: s.email, name: s.name, challengeId: 'EL-A', examCode: 'EL-DRAFT' },
        s.session,
      ),
    ).toMatchObject({ status: 404, body: { message: examMessages.examNotFound } });
    // Staff still read and preview it.
    expect((await call(server, 'GET', examPath('EL-DRAFT'), undefined, admin)).status).toBe(200);
    expect(
      (await call(server, 'GET', `${examPath('EL-DRAFT')}/preview`, undefined, admin)).status,
    ).toBe(200);

    expect(await lifecycle('el-draft', 'publish')).toMatchObject({
      status: 200,
      body: { lifecycle: 'published', stoppedAt: null },
    });
    expect((await look()).body).toMatchObject({ kind: 'exam', examCode: 'EL-DRAFT' });
    expect((await open()).status).toBe(200);
    // Started: it cannot go back to draft; stop it instead.
    expect(await lifecycle('EL-DRAFT', 'unpublish')).toMatchObject({
      status: 409,
      body: { message: sittingMessages.startedCannotUnpublish },
    });
    const list = await call(server, 'GET', examsPath, undefined, admin);
    const summary = (list.body as { exams: Exam[] }).exams.find((e) => e.examCode === 'EL-DRAFT');
    expect(summary).toMatchObject({ lifecycle: 'published', stoppedAt: null });
  });

  it('stops every open attempt at once for every problem, counts offline work made before, and reopens', async () => {
    clock = T0;
    await create('EL-STOP');
    expect(await lifecycle('EL-STOP', 'stop')).toMatchObject({
      status: 409,
      body: { message: sittingMessages.draftCannotStop },
    });
    await lifecycle('EL-STOP', 'publish');
    const started = await student('stop-a');
    const latecomer = await student('stop-b');
    await openExam(server, started, 'EL-STOP');
    const { headers } = await compilerHeaders(server, started, 'EL-B', 'EL-STOP');
    const submit = (extra: Record<string, unknown> = {}) =>
      call(
        server,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'EL-B', code: 'print(1)', examCode: 'EL-STOP', ...extra },
        headers,
      );

    clock = T0 + minutes(20);
    const stopAt = new Date(clock).toISOString();
    expect(await lifecycle('EL-STOP', 'stop')).toMatchObject({
      status: 200,
      body: { lifecycle: 'published', stoppedAt: stopAt },
    });
    // Pressed again later, the first stop stands.
    clock = T0 + minutes(21);
    expect((await lifecycle('EL-STOP', 'stop')).body).toMatchObject({ stoppedAt: stopAt });

    // The exam's timer and each problem's page end at the stop.
    const screen = await call(
      server,
      'POST',
      studentExamOpenPath('EL-STOP'),
      undefined,
      started.session,
    );
    expect((screen.body as StudentExam).deadline).toBe(stopAt);
    const page = await call(
      server,
      'GET',
      '/api/compiler/challenge/EL-A?examCode=EL-STOP',
      undefined,
      (await compilerHeaders(server, started, 'EL-A', 'EL-STOP')).headers,
    );
    expect((page.body as CompilerChallenge).deadline).toBe(stopAt);
    expect(
      await call(
        server,
        'POST',
        '/api/compiler/run',
        { challengeId: 'EL-B', code: 'print(1)', examCode: 'EL-STOP', stdin: '' },
        headers,
      ),
    ).toMatchObject({ status: 403, body: { message: messages.testTimeUp } });
    expect(await submit()).toMatchObject({ status: 403, body: { message: messages.testTimeUp } });
    // Made offline a minute before the stop, arriving now: within the allowance, it counts.
    const offline = await submit({
      submissionId: crypto.randomUUID(),
      queuedAt: new Date(T0 + minutes(19)).toISOString(),
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(202);
    // Made after the stop: refused, whatever it claims about being offline.
    expect(
      await submit({
        submissionId: crypto.randomUUID(),
        queuedAt: new Date(T0 + minutes(20.9)).toISOString(),
      }),
    ).toMatchObject({ status: 403, body: { message: messages.testTimeUp } });
    // Nobody begins a stopped exam.
    expect(
      await call(server, 'POST', studentExamOpenPath('EL-STOP'), undefined, latecomer.session),
    ).toMatchObject({ status: 403, body: { message: sittingMessages.testStopped } });

    // Reopen: the timer is the attempt's own again, and the latecomer may begin.
    expect((await lifecycle('EL-STOP', 'reopen')).body).toMatchObject({
      lifecycle: 'published',
      stoppedAt: null,
    });
    const reopened = await openExam(server, started, 'EL-STOP');
    expect(Date.parse(reopened.deadline)).toBe(T0 + minutes(90));
    expect((await submit()).status).toBe(202);
    expect((await openExam(server, latecomer, 'EL-STOP')).problems).toHaveLength(2);
    clock = T0;
  });

  it('answers 404 for an unknown exam, 400 for an unknown action, and only to staff', async () => {
    expect(await lifecycle('EL-NONE', 'publish')).toMatchObject({
      status: 404,
      body: { message: examMessages.examNotFound },
    });
    await create('EL-CHECK');
    expect(await lifecycle('EL-CHECK', 'explode')).toMatchObject({
      status: 400,
      body: { message: sittingMessages.invalidLifecycleAction },
    });
    const s = await student('check');
    expect((await lifecycle('EL-CHECK', 'publish', s.session)).status).toBe(403);
    expect((await lifecycle('EL-CHECK', 'publish', {})).status).toBe(401);
  });
});
