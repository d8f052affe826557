// The sitting's lifecycle for a challenge (issue 32 item 2) under a test clock: a draft is
// invisible to students everywhere (getToken, the statement, Run, Submit), "Stop now" ends every
// open attempt at once (an offline submission made before the stop still counts within the
// allowance, one made after is refused, nobody new may begin) and "Reopen" undoes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompilerChallenge } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import { challengeLifecyclePath, sittingMessages } from '../../src/contract/sittings.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  type Student,
} from './compiler-fixtures.ts';
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

const correct = solutions.python.correct;

describe.each(databaseKinds)('sitting lifecycle on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock: number | null = null;
  const at = (iso: string) => {
    clock = Date.parse(iso);
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, {
      now: () => (clock === null ? new Date() : new Date(clock)),
    });
    admin = bearer(await adminToken(server));
    await addChallenge(server, challengeInput('LIFE-1'));
    await addChallenge(
      server,
      challengeInput('STOP-1', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const lifecycle = (challengeId: string, action: string, headers = admin) =>
    call(server, 'POST', challengeLifecyclePath(challengeId), { action }, headers);
  const compiler = (method: string, url: string, body: unknown, who: Student) =>
    call(server, method, url, body, who.compiler);

  it('refuses the call without a token, to a student, and with a bad action or code', async () => {
    expect((await lifecycle('LIFE-1', 'publish', {})).status).toBe(401);
    const student = await signUpStudent(server, 'life-role@college.test');
    expect((await lifecycle('LIFE-1', 'publish', bearer(student.token))).status).toBe(403);
    expect(await lifecycle('LIFE-1', 'explode')).toMatchObject({
      status: 400,
      body: { message: sittingMessages.invalidLifecycleAction },
    });
    expect(await lifecycle('NOPE-404', 'publish')).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
  });

  it('hides a draft from students everywhere, and shows it again once published', async () => {
    const student = await signInStudent(server, 'life-draft@college.test', 'LIFE-1');
    expect(await lifecycle('LIFE-1', 'unpublish')).toMatchObject({
      status: 200,
      body: { lifecycle: 'draft', stoppedAt: null },
    });
    const notFound = { status: 404, body: { message: messages.challengeNotFound } };
    const token = await call(
      server,
      'POST',
      '/api/user/getToken',
      { email: student.email, name: student.name, challengeId: 'LIFE-1' },
      student.session,
    );
    expect(token).toMatchObject(notFound);
    expect(
      await compiler('GET', '/api/compiler/challenge/LIFE-1', undefined, student),
    ).toMatchObject(notFound);
    const body = { challengeId: 'LIFE-1', code: correct };
    expect(await compiler('POST', '/api/compiler/run', body, student)).toMatchObject(notFound);
    expect(await compiler('POST', '/api/compiler/submit', body, student)).toMatchObject(notFound);
    // Nothing was recorded for the draft: it can still go back and forth.
    expect((await lifecycle('LIFE-1', 'publish')).status).toBe(200);
    expect(
      (await compiler('GET', '/api/compiler/challenge/LIFE-1', undefined, student)).status,
    ).toBe(200);
  });

  it('keeps a started challenge published: unpublishing it is refused', async () => {
    expect(await lifecycle('LIFE-1', 'unpublish')).toMatchObject({
      status: 409,
      body: { message: sittingMessages.startedCannotUnpublish },
    });
  });

  it('stops every open attempt at once, counts offline work made before, and reopens', async () => {
    const started = await signInStudent(server, 'stop-a@college.test', 'STOP-1');
    const latecomer = await signInStudent(server, 'stop-b@college.test', 'STOP-1');
    at('2030-06-10T09:00:00Z');
    const open = await compiler('GET', '/api/compiler/challenge/STOP-1', undefined, started);
    expect((open.body as CompilerChallenge).deadline).toBe('2030-06-10T10:00:00.000Z');

    at('2030-06-10T09:20:00Z');
    const stop = await lifecycle('STOP-1', 'stop');
    expect(stop).toMatchObject({
      status: 200,
      body: { lifecycle: 'published', stoppedAt: '2030-06-10T09:20:00.000Z' },
    });
    // Pressed again later, the first stop stands.
    at('2030-06-10T09:20:10Z');
    expect((await lifecycle('STOP-1', 'stop')).body).toMatchObject({
      stoppedAt: '2030-06-10T09:20:00.000Z',
    });
    // The page's timer ends at the stop.
    at('2030-06-10T09:21:00Z');
    const after = await compiler('GET', '/api/compiler/challenge/STOP-1', undefined, started);
    expect((after.body as CompilerChallenge).deadline).toBe('2030-06-10T09:20:00.000Z');
    const timeUp = { status: 403, body: { message: messages.testTimeUp } };
    const submit = (extra: Record<string, string> = {}) =>
      compiler(
        'POST',
        '/api/compiler/submit',
        { challengeId: 'STOP-1', code: correct, ...extra },
        started,
      );
    expect(
      await compiler(
        'POST',
        '/api/compiler/run',
        { challengeId: 'STOP-1', code: correct },
        started,
      ),
    ).toMatchObject(timeUp);
    expect(await submit()).toMatchObject(timeUp);
    // Made offline a minute before the stop, arriving now: within the allowance, it counts.
    const before = await submit({
      submissionId: '6a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      queuedAt: '2030-06-10T09:19:00Z',
    });
    expect(before.status).toBe(202);
    // Made offline after the stop and its 30 s of grace: refused.
    expect(
      await submit({
        submissionId: '7b2d3c4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
        queuedAt: '2030-06-10T09:20:45Z',
      }),
    ).toMatchObject(timeUp);
    // Nobody begins a stopped test.
    expect(
      await compiler('GET', '/api/compiler/challenge/STOP-1', undefined, latecomer),
    ).toMatchObject({ status: 403, body: { message: sittingMessages.testStopped } });

    // Reopen: the timers are what they were, and the latecomer may begin.
    at('2030-06-10T09:30:00Z');
    expect((await lifecycle('STOP-1', 'reopen')).body).toMatchObject({ stoppedAt: null });
    const reopened = await compiler('GET', '/api/compiler/challenge/STOP-1', undefined, started);
    expect((reopened.body as CompilerChallenge).deadline).toBe('2030-06-10T10:00:00.000Z');
    expect((await submit()).status).toBe(202);
    expect(
      (await compiler('GET', '/api/compiler/challenge/STOP-1', undefined, latecomer)).status,
    ).toBe(200);
  });

  it('does not stop a draft', async () => {
    await addChallenge(server, challengeInput('DRAFT-STOP'));
    await lifecycle('DRAFT-STOP', 'unpublish');
    expect(await lifecycle('DRAFT-STOP', 'stop')).toMatchObject({
      status: 409,
      body: { message: sittingMessages.draftCannotStop },
    });
  });
});
