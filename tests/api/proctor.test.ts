// The live proctor view (issue 32 item 6) on both databases, on a test clock: every roster
// student's state (not started, working, offline, finished, and finished by a stop), presence
// written by the students' timer polls (the compiler page's, the exam screen's with its selected
// problem), a submission waking a held proctor poll (through the change feed: NOTIFY on
// PostgreSQL), and staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilerTimerPath } from '../../src/contract/compiler.ts';
import { examLifecyclePath, studentExamTimerPath } from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  proctorChallengePath,
  proctorExamPath,
  type ProctorStudent,
  type ProctorView,
} from '../../src/contract/proctor.ts';
import { staffAnswerPath, studentExamNoticesPath } from '../../src/contract/notices.ts';
import { challengeLifecyclePath } from '../../src/contract/sittings.ts';
import { addChallenge, challengeInput, signInStudent, solutions } from './compiler-fixtures.ts';
import { createExam, examInput, openExam, seedStudents } from './exam-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type JsonResponse,
  type TestServer,
} from './harness.ts';

/**
 * The held answer, or a refusal if it took half of its `wait`: the submission must wake the poll
 * (the feed's event), not its timeout. A bound on a wait that takes milliseconds, not a measure.
 */
const woken = (held: Promise<JsonResponse>, wait: number) =>
  Promise.race([
    held,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the poll was not woken')), (wait * 1000) / 2),
    ),
  ]);

describe.each(databaseKinds)('the proctor view on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = Date.parse('2030-06-10T09:00:00Z');
  const at = (iso: string) => (clock = Date.parse(iso));

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    await addChallenge(
      server,
      challengeInput('PROC-1', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
    await addChallenge(server, challengeInput('PROC-A', { challengeName: 'First problem' }));
    await addChallenge(server, challengeInput('PROC-B', { challengeName: 'Second problem' }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const view = async (path: string, query = '', who = admin): Promise<ProctorView> => {
    const res = await call(server, 'GET', `${path}${query}`, undefined, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ProctorView;
  };
  const row = (v: ProctorView, userId: string): ProctorStudent => {
    const found = v.students.find((s) => s.userId === userId);
    if (!found) throw new Error(`${userId} is not in the view`);
    return found;
  };

  it('shows every roster student: not started, working, offline, finished, and stopped', async () => {
    at('2030-06-10T09:00:00Z');
    const idle = await signInStudent(server, `proc-idle-${kind}@college.test`, 'PROC-1');
    const busy = await signInStudent(server, `proc-busy-${kind}@college.test`, 'PROC-1');
    const away = await signInStudent(server, `proc-away-${kind}@college.test`, 'PROC-1');
    for (const s of [busy, away]) {
      // The compiler page opens the problem, then holds its timer poll: presence.
      const opened = await call(
        server,
        'GET',
        '/api/compiler/challenge/PROC-1',
        undefined,
        s.compiler,
      );
      expect(opened.status).toBe(200);
      expect(
        (await call(server, 'GET', compilerTimerPath('PROC-1'), undefined, s.compiler)).status,
      ).toBe(200);
    }

    const first = await view(proctorChallengePath('PROC-1'));
    const [users] = await queryRows(server, 'select count(*)::int as n from users');
    // The roster is every student account, as the Results page counts "not started".
    expect(first.students).toHaveLength(Number(users?.n));
    expect(first.sitting).toMatchObject({ kind: 'challenge', code: 'PROC-1', stoppedAt: null });
    expect(first.unansweredQuestions).toBe(0);
    expect(row(first, idle.id)).toMatchObject({
      state: 'not-started',
      deadline: null,
      signals: null,
      submissions: 0,
    });
    expect(row(first, busy.id)).toMatchObject({
      state: 'working',
      attemptNumber: 1,
      deadline: '2030-06-10T10:00:00.000Z',
      lastSeenAt: '2030-06-10T09:00:00.000Z',
      lastActivityAt: '2030-06-10T09:00:00.000Z',
      currentProblem: { challengeId: 'PROC-1', title: 'Sum of two', ordinal: null },
      signals: { tabChanges: 0, awayMs: 0, pastes: 0, blockedPastes: 0, reloads: 0 },
    });

    // A minute on, only the student whose page polled again is working.
    at('2030-06-10T09:01:00Z');
    await call(server, 'GET', compilerTimerPath('PROC-1'), undefined, busy.compiler);
    const later = await view(proctorChallengePath('PROC-1'));
    expect(row(later, busy.id)).toMatchObject({
      state: 'working',
      lastSeenAt: '2030-06-10T09:01:00.000Z',
    });
    expect(row(later, away.id)).toMatchObject({
      state: 'offline',
      lastSeenAt: '2030-06-10T09:00:00.000Z',
    });
    expect(later.counts.working + later.counts.offline).toBeGreaterThanOrEqual(2);
    expect(
      later.counts.notStarted + later.counts.working + later.counts.offline + later.counts.finished,
    ).toBe(later.students.length);

    // A poll soon after writes nothing: presence is written at most every 15 s.
    at('2030-06-10T09:01:05Z');
    await call(server, 'GET', compilerTimerPath('PROC-1'), undefined, busy.compiler);
    expect(row(await view(proctorChallengePath('PROC-1')), busy.id).lastSeenAt).toBe(
      '2030-06-10T09:01:00.000Z',
    );

    // Stopped: every attempt ends at the stop.
    at('2030-06-10T09:10:00Z');
    await call(server, 'POST', challengeLifecyclePath('PROC-1'), { action: 'stop' }, admin);
    const stopped = await view(proctorChallengePath('PROC-1'));
    expect(stopped.sitting.stoppedAt).toBe('2030-06-10T09:10:00.000Z');
    for (const s of [busy, away])
      expect(row(stopped, s.id)).toMatchObject({
        state: 'finished',
        deadline: '2030-06-10T09:10:00.000Z',
      });
    expect(row(stopped, idle.id).state).toBe('not-started');
    await call(server, 'POST', challengeLifecyclePath('PROC-1'), { action: 'reopen' }, admin);

    // Past the deadline: finished.
    at('2030-06-10T10:00:00Z');
    expect(row(await view(proctorChallengePath('PROC-1')), busy.id)).toMatchObject({
      state: 'finished',
      deadline: '2030-06-10T10:00:00.000Z',
    });
  });

  it('follows the problem selected on the exam screen, only among the student’s draws', async () => {
    at('2030-06-10T09:00:00Z');
    await createExam(
      server,
      admin,
      examInput('PROC-EXAM', [
        { points: 10, challengeIds: ['PROC-A'] },
        { points: 10, challengeIds: ['PROC-B'] },
      ]),
    );
    const [student] = await seedStudents(server, `proc-exam-${kind}`, 1);
    if (!student) throw new Error('no student');
    expect(row(await view(proctorExamPath('PROC-EXAM')), student.id).state).toBe('not-started');
    await openExam(server, student, 'PROC-EXAM');
    const poll = (problem?: string) =>
      call(
        server,
        'GET',
        `${studentExamTimerPath('PROC-EXAM')}${problem ? `?problem=${problem}` : ''}`,
        undefined,
        student.session,
      );
    const current = async () => row(await view(proctorExamPath('proc-exam')), student.id);

    expect((await poll('PROC-B')).status).toBe(200);
    expect(await current()).toMatchObject({
      state: 'working',
      currentProblem: { challengeId: 'PROC-B', title: 'Second problem', ordinal: 2 },
    });
    // A change of problem is written at once, however recent the last write.
    expect((await poll('PROC-A')).status).toBe(200);
    expect((await current()).currentProblem).toEqual({
      challengeId: 'PROC-A',
      title: 'First problem',
      ordinal: 1,
    });
    // Not one of the draws: no current problem (and the timer still answers).
    expect((await poll('PROC-1')).status).toBe(200);
    expect((await current()).currentProblem).toBeNull();
    expect((await poll('PROC-A')).status).toBe(200);
    // Back on the instructions.
    expect((await poll()).status).toBe(200);
    expect((await current()).currentProblem).toBeNull();

    // The exam's stop reaches its view.
    at('2030-06-10T09:30:00Z');
    await call(server, 'POST', examLifecyclePath('PROC-EXAM'), { action: 'stop' }, admin);
    expect(await current()).toMatchObject({
      state: 'finished',
      deadline: '2030-06-10T09:30:00.000Z',
    });
    await call(server, 'POST', examLifecyclePath('PROC-EXAM'), { action: 'reopen' }, admin);
  });

  it('holds its poll until a submission of the sitting, then answers with it', async () => {
    at('2030-06-10T09:20:00Z');
    await addChallenge(
      server,
      challengeInput('PROC-2', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
    const student = await signInStudent(server, `proc-submit-${kind}@college.test`, 'PROC-2');
    await call(server, 'GET', '/api/compiler/challenge/PROC-2', undefined, student.compiler);
    const path = proctorChallengePath('PROC-2');
    const shown = await view(path);
    expect(row(shown, student.id).submissions).toBe(0);

    // Nothing moves: the same version after `wait`.
    expect((await view(path, `?known=${shown.version}&wait=1`)).version).toBe(shown.version);

    const held = woken(
      call(server, 'GET', `${path}?known=${shown.version}&wait=30`, undefined, admin),
      30,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const submitted = await call(
      server,
      'POST',
      '/api/compiler/submit',
      { challengeId: 'PROC-2', code: solutions.python.correct },
      student.compiler,
    );
    expect(submitted.status).toBe(202);
    const answer = await held;
    expect(answer.status).toBe(200);
    const next = answer.body as ProctorView;
    expect(next.version).not.toBe(shown.version);
    expect(row(next, student.id)).toMatchObject({ state: 'working', submissions: 1 });
    // A stale version answers at once.
    expect((await view(path, `?known=stale&wait=30`)).version).toBe(next.version);
  });

  it('is woken by a student’s page arriving, not by one merely still there', async () => {
    at('2030-06-10T09:30:00Z');
    await addChallenge(
      server,
      challengeInput('PROC-3', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
    const student = await signInStudent(server, `proc-arrive-${kind}@college.test`, 'PROC-3');
    const path = proctorChallengePath('PROC-3');
    const shown = await view(path);
    expect(row(shown, student.id).state).toBe('not-started');
    const held = woken(
      call(server, 'GET', `${path}?known=${shown.version}&wait=30`, undefined, admin),
      30,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call(server, 'GET', '/api/compiler/challenge/PROC-3', undefined, student.compiler);
    await call(server, 'GET', compilerTimerPath('PROC-3'), undefined, student.compiler);
    const arrived = (await held).body as ProctorView;
    expect(row(arrived, student.id)).toMatchObject({
      state: 'working',
      lastSeenAt: '2030-06-10T09:30:00.000Z',
    });

    // Still there 20 s later: written, but nobody is woken (the held poll answers at its wait).
    at('2030-06-10T09:30:20Z');
    const quiet = call(server, 'GET', `${path}?known=${arrived.version}&wait=2`, undefined, admin);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await call(server, 'GET', compilerTimerPath('PROC-3'), undefined, student.compiler);
    const after = (await quiet).body as ProctorView;
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(after.version).toBe(arrived.version);
    expect(row(after, student.id).lastSeenAt).toBe('2030-06-10T09:30:20.000Z');
  });

  it('counts the questions nobody has answered, and an answer takes one off', async () => {
    at('2030-06-10T09:00:00Z');
    await createExam(
      server,
      admin,
      examInput('PROC-ASK', [{ points: 10, challengeIds: ['PROC-A'] }]),
    );
    const [student] = await seedStudents(server, `proc-ask-${kind}`, 1);
    if (!student) throw new Error('no student');
    await openExam(server, student, 'PROC-ASK');
    expect((await view(proctorExamPath('PROC-ASK'))).unansweredQuestions).toBe(0);
    const ask = (body: string) =>
      call(server, 'POST', studentExamNoticesPath('PROC-ASK'), { body }, student.session);
    const first = await ask('Is the input sorted?');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await ask('May I use a dictionary?')).status).toBe(200);
    expect((await view(proctorExamPath('PROC-ASK'))).unansweredQuestions).toBe(2);
    const questionId = (first.body as { id: number }).id;
    const target = { kind: 'exam', examCode: 'PROC-ASK' } as const;
    const answered = await call(
      server,
      'POST',
      staffAnswerPath(target, questionId),
      { body: 'Yes.', audience: 'asker' },
      admin,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await view(proctorExamPath('PROC-ASK'))).unansweredQuestions).toBe(1);
  });

  it('is for staff only, and refuses what it does not know', async () => {
    const [student] = await seedStudents(server, `proc-refused-${kind}`, 1);
    if (!student) throw new Error('no student');
    expect(
      await call(server, 'GET', proctorChallengePath('PROC-1'), undefined, student.session),
    ).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    expect(
      await call(server, 'GET', proctorExamPath('PROC-EXAM'), undefined, student.session),
    ).toMatchObject({ status: 403 });
    expect((await call(server, 'GET', proctorChallengePath('PROC-1'))).status).toBe(401);
    expect((await call(server, 'GET', proctorChallengePath('NOPE'), undefined, admin)).status).toBe(
      404,
    );
    expect((await call(server, 'GET', proctorExamPath('NOPE-EXAM'), undefined, admin)).status).toBe(
      404,
    );
    const bad = await call(
      server,
      'GET',
      `${proctorChallengePath('PROC-1')}?wait=31`,
      undefined,
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('message');
  });
});
