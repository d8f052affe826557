// The timer followed live (issue 32) on both databases, on a test clock: the compiler page's and
// the exam screen's long polls answer at once when the page's deadline is already stale, and
// otherwise as soon as the teacher stops or reopens the sitting (through the change feed: NOTIFY
// on PostgreSQL), or after `wait` with the same deadline; a finish shows as the deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compilerTimerPath,
  type CompilerChallenge,
  type CompilerTimerQuery,
} from '../../src/contract/compiler.ts';
import {
  examLifecyclePath,
  examMessages,
  studentExamFinishPath,
  studentExamTimerPath,
} from '../../src/contract/exams.ts';
import {
  challengeLifecyclePath,
  MAX_TIMER_WAIT_SECONDS,
  type SittingTimer,
} from '../../src/contract/sittings.ts';
import { addChallenge, challengeInput, signInStudent, type Student } from './compiler-fixtures.ts';
import { createExam, examInput, openExam, seedStudents } from './exam-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type JsonResponse,
  type TestServer,
} from './harness.ts';

const query = (q: CompilerTimerQuery) =>
  `?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

/**
 * The held answer, or a refusal if it took half of its `wait`: the stop must wake the poll (the
 * feed's event), not its timeout, which would re-read the same stopped timer. A bound on a wait
 * that takes milliseconds, not a measure of speed.
 */
const woken = (held: Promise<JsonResponse>, wait: number) =>
  Promise.race([
    held,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the poll was not woken')), (wait * 1000) / 2),
    ),
  ]);

describe.each(databaseKinds)('the timer followed live on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = Date.parse('2030-06-10T09:00:00Z');

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    await addChallenge(
      server,
      challengeInput('TIMER-1', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
    await addChallenge(server, challengeInput('TIMER-X'));
  });
  afterAll(async () => {
    await server?.close();
  });

  const timer = (who: Student, q: CompilerTimerQuery) =>
    call(server, 'GET', `${compilerTimerPath('TIMER-1')}${query(q)}`, undefined, who.compiler);
  const deadlineOf = (res: JsonResponse) => (res.body as SittingTimer).deadline;

  it('answers at once when the page is stale, and when the teacher stops or reopens', async () => {
    const student = await signInStudent(server, 'timer-a@college.test', 'TIMER-1');
    clock = Date.parse('2030-06-10T09:00:00Z');
    const page = await call(
      server,
      'GET',
      '/api/compiler/challenge/TIMER-1',
      undefined,
      student.compiler,
    );
    const own = (page.body as CompilerChallenge).deadline;
    expect(own).toBe('2030-06-10T10:00:00.000Z');
    // Without `wait`, or with a deadline the page should not have: at once.
    expect(await timer(student, {})).toMatchObject({
      status: 200,
      body: { deadline: own, finishedAt: null, serverNow: '2030-06-10T09:00:00.000Z' },
    });
    expect(deadlineOf(await timer(student, { known: '2030-06-10T09:59:00Z', wait: 20 }))).toBe(own);

    // Held while the timer is the page's; the stop answers it.
    const held = woken(
      timer(student, { known: own, wait: MAX_TIMER_WAIT_SECONDS }),
      MAX_TIMER_WAIT_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    clock = Date.parse('2030-06-10T09:20:00Z');
    expect(
      (await call(server, 'POST', challengeLifecyclePath('TIMER-1'), { action: 'stop' }, admin))
        .status,
    ).toBe(200);
    expect(await held).toMatchObject({
      status: 200,
      body: { deadline: '2030-06-10T09:20:00.000Z', serverNow: '2030-06-10T09:20:00.000Z' },
    });

    // Nothing changes for a second: the same deadline after `wait`.
    const stopped = '2030-06-10T09:20:00.000Z';
    expect(deadlineOf(await timer(student, { known: stopped, wait: 1 }))).toBe(stopped);

    // Reopen gives the attempt its own deadline back, live.
    const reheld = woken(
      timer(student, { known: stopped, wait: MAX_TIMER_WAIT_SECONDS }),
      MAX_TIMER_WAIT_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call(server, 'POST', challengeLifecyclePath('TIMER-1'), { action: 'reopen' }, admin);
    expect(deadlineOf(await reheld)).toBe(own);
  });

  it('is not woken by another sitting’s stop', async () => {
    const student = await signInStudent(server, 'timer-b@college.test', 'TIMER-1');
    clock = Date.parse('2030-06-10T09:05:00Z');
    const own = deadlineOf(await timer(student, {}));
    const held = timer(student, { known: own, wait: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call(server, 'POST', challengeLifecyclePath('TIMER-X'), { action: 'stop' }, admin);
    // Answered by its `wait`, not by the other stop, with its deadline unchanged.
    expect(deadlineOf(await held)).toBe(own);
    await call(server, 'POST', challengeLifecyclePath('TIMER-X'), { action: 'reopen' }, admin);
  });

  it('refuses a bad query, and a caller without the compiler token', async () => {
    const student = await signInStudent(server, 'timer-c@college.test', 'TIMER-1');
    expect((await timer(student, { wait: MAX_TIMER_WAIT_SECONDS + 1 })).status).toBe(400);
    expect((await timer(student, { known: 'x'.repeat(41) })).status).toBe(400);
    expect((await call(server, 'GET', compilerTimerPath('TIMER-1'))).status).toBe(401);
  });

  it('follows an exam’s timer: the stop of the exam, and Finish', async () => {
    clock = Date.parse('2030-06-10T09:00:00Z');
    await createExam(
      server,
      admin,
      examInput('TIMER-EXAM', [{ points: 10, challengeIds: ['TIMER-X'] }], {
        startDate: '2030-06-10',
        endDate: '2030-06-10',
        durationMinutes: 45,
      }),
    );
    const [student] = await seedStudents(server, `timer-exam-${kind}`, 1);
    if (!student) throw new Error('no student');
    const examTimer = (q: CompilerTimerQuery) =>
      call(
        server,
        'GET',
        `${studentExamTimerPath('TIMER-EXAM')}${query(q)}`,
        undefined,
        student.session,
      );
    expect(await examTimer({})).toMatchObject({
      status: 403,
      body: { message: examMessages.openExamFirst },
    });
    const opened = await openExam(server, student, 'TIMER-EXAM');
    expect(opened.deadline).toBe('2030-06-10T09:45:00.000Z');
    const held = woken(
      examTimer({ known: opened.deadline, wait: MAX_TIMER_WAIT_SECONDS }),
      MAX_TIMER_WAIT_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    clock = Date.parse('2030-06-10T09:10:00Z');
    await call(server, 'POST', examLifecyclePath('TIMER-EXAM'), { action: 'stop' }, admin);
    expect(deadlineOf(await held)).toBe('2030-06-10T09:10:00.000Z');
    await call(server, 'POST', examLifecyclePath('TIMER-EXAM'), { action: 'reopen' }, admin);
    clock = Date.parse('2030-06-10T09:12:00Z');
    await call(server, 'POST', studentExamFinishPath('TIMER-EXAM'), undefined, student.session);
    expect(await examTimer({ known: opened.deadline, wait: 20 })).toMatchObject({
      status: 200,
      body: { deadline: '2030-06-10T09:12:00.000Z', finishedAt: '2030-06-10T09:12:00.000Z' },
    });
  });
});
