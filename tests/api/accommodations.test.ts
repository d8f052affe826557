// Per-student accommodations (issue 32 item 3) on both databases, on a test clock: each action and
// the timer it gives, read through the student's own timer call (the compiler page's, the exam
// screen's); extra time given before the start applied at the first open; another window
// admitting a student while the class's is closed; reopen; reset keeping the old submissions
// visible to staff while results show the new attempt; the log's who, when and why; the refusals.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accommodationMessages,
  accommodationsPath,
  type AccommodationResponse,
  type AccommodationSitting,
} from '../../src/contract/accommodations.ts';
import { compilerTimerPath } from '../../src/contract/compiler.ts';
import {
  examMessages,
  studentExamFinishPath,
  studentExamTimerPath,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  resultsPath,
  studentSubmissionsPath,
  type ResultsResponse,
  type StudentSubmissionsResponse,
} from '../../src/contract/results.ts';
import { MAX_TIMER_WAIT_SECONDS, type SittingTimer } from '../../src/contract/sittings.ts';
import { addChallenge, challengeInput, signInStudent, type Student } from './compiler-fixtures.ts';
import {
  createExam,
  examInput,
  examSittingAttempt,
  openExam,
  seedJudged,
  seedStudents,
} from './exam-fixtures.ts';
import {
  ADMIN,
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

const CHALLENGE: AccommodationSitting = { kind: 'challenge', challengeId: 'ACC-1' };
const EXAM: AccommodationSitting = { kind: 'exam', examCode: 'ACC-EXAM' };

/** The held answer, or a failure if the give did not wake it (a bound, not a measure). */
const woken = (held: Promise<JsonResponse>) =>
  Promise.race([
    held,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error('the poll was not woken')),
        (MAX_TIMER_WAIT_SECONDS * 1000) / 2,
      ),
    ),
  ]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(databaseKinds)('accommodations on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = Date.parse('2030-06-10T09:00:00Z');
  const setClock = (iso: string) => {
    clock = Date.parse(iso);
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    // Open through 2030-06-10 (UTC), 60 minutes.
    await addChallenge(
      server,
      challengeInput('ACC-1', { startDate: '2030-06-10', endDate: '2030-06-10', timeDur: 60 }),
    );
    await addChallenge(server, challengeInput('ACC-X'));
  });
  afterAll(async () => {
    await server?.close();
  });

  const give = (sitting: AccommodationSitting, userId: string, body: unknown, who = admin) =>
    call(server, 'POST', accommodationsPath(sitting, userId), body, who);
  const given = async (sitting: AccommodationSitting, userId: string, body: unknown) => {
    const res = await give(sitting, userId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AccommodationResponse;
  };
  const timer = async (student: Student, q = '') => {
    const res = await call(
      server,
      'GET',
      `${compilerTimerPath('ACC-1')}${q}`,
      undefined,
      student.compiler,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SittingTimer;
  };
  const heldTimer = (student: Student, known: string) =>
    woken(
      call(
        server,
        'GET',
        `${compilerTimerPath('ACC-1')}?known=${encodeURIComponent(known)}&wait=${MAX_TIMER_WAIT_SECONDS}`,
        undefined,
        student.compiler,
      ),
    );

  it('applies extra time given before the start at the first open, and grows a running timer live', async () => {
    setClock('2030-06-10T08:00:00Z');
    const student = await signInStudent(server, `acc-extra-${kind}@college.test`, 'ACC-1');
    const before = await given(CHALLENGE, student.id, {
      action: 'extra_time',
      minutes: 15,
      reason: '  Reading support plan  ',
    });
    expect(before).toMatchObject({
      state: 'not-started',
      attempt: null,
      accommodation: { extraMinutes: 15, durationFactor: 1 },
    });

    setClock('2030-06-10T09:00:00Z');
    expect((await timer(student)).deadline).toBe('2030-06-10T10:15:00.000Z');

    // Held on the deadline the page shows; the give answers it with exactly 10 minutes more.
    const held = heldTimer(student, '2030-06-10T10:15:00.000Z');
    await settle();
    setClock('2030-06-10T09:30:00Z');
    const after = await given(CHALLENGE, student.id, {
      action: 'extra_time',
      minutes: 10,
      reason: 'Computer crashed',
    });
    expect(after).toMatchObject({
      state: 'working',
      accommodation: { extraMinutes: 25 },
      attempt: { number: 1, deadline: '2030-06-10T10:25:00.000Z' },
    });
    expect(((await held).body as SittingTimer).deadline).toBe('2030-06-10T10:25:00.000Z');

    // Who, when and why, newest first; the deadline before and after.
    const read = await call(
      server,
      'GET',
      accommodationsPath(CHALLENGE, student.id),
      undefined,
      admin,
    );
    expect(read.status).toBe(200);
    const { log } = read.body as AccommodationResponse;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      kind: 'extra_time',
      minutes: 10,
      reason: 'Computer crashed',
      givenAt: '2030-06-10T09:30:00.000Z',
      givenBy: { email: ADMIN.email },
      deadlineBefore: '2030-06-10T10:15:00.000Z',
      deadlineAfter: '2030-06-10T10:25:00.000Z',
      attemptNumber: 1,
    });
    expect(log[1]).toMatchObject({
      kind: 'extra_time',
      reason: 'Reading support plan',
      givenAt: '2030-06-10T08:00:00.000Z',
      deadlineBefore: null,
      attemptNumber: null,
    });
  });

  it('extra time past the class window end is kept: that is its point', async () => {
    setClock('2030-06-10T23:30:00Z');
    const student = await signInStudent(server, `acc-late-${kind}@college.test`, 'ACC-1');
    // Begun 30 minutes before the window closes: cut at its end.
    expect((await timer(student)).deadline).toBe('2030-06-11T00:00:00.000Z');
    await given(CHALLENGE, student.id, { action: 'extra_time', minutes: 10, reason: 'Fire alarm' });
    expect((await timer(student)).deadline).toBe('2030-06-11T00:10:00.000Z');
  });

  it('multiplies the duration by a factor, before and during the attempt', async () => {
    setClock('2030-06-10T08:00:00Z');
    const student = await signInStudent(server, `acc-factor-${kind}@college.test`, 'ACC-1');
    await given(CHALLENGE, student.id, { action: 'factor', factor: 1.5, reason: 'Dyslexia' });
    setClock('2030-06-10T09:00:00Z');
    expect((await timer(student)).deadline).toBe('2030-06-10T10:30:00.000Z');
    const after = await given(CHALLENGE, student.id, {
      action: 'factor',
      factor: 2,
      reason: 'Plan updated',
    });
    expect(after.attempt?.deadline).toBe('2030-06-10T11:00:00.000Z');
    expect((await timer(student)).deadline).toBe('2030-06-10T11:00:00.000Z');
  });

  it('admits a student with their own window while the class’s is closed', async () => {
    setClock('2030-06-10T12:00:00Z');
    const student = await signInStudent(server, `acc-window-${kind}@college.test`, 'ACC-1');
    const other = await signInStudent(server, `acc-nowindow-${kind}@college.test`, 'ACC-1');
    setClock('2030-06-11T10:00:00Z');
    const closed = {
      status: 403,
      body: { message: messages.testClosed.replace('{date}', '2030-06-10') },
    };
    const statement = (s: Student) =>
      call(server, 'GET', '/api/compiler/challenge/ACC-1', undefined, s.compiler);
    expect(await statement(student)).toMatchObject(closed);

    const res = await given(CHALLENGE, student.id, {
      action: 'window',
      windowStart: '2030-06-11T09:30',
      windowEnd: '2030-06-11T10:45',
      reason: 'Sick on the exam day',
    });
    expect(res.accommodation).toMatchObject({
      windowStart: '2030-06-11T09:30:00.000Z',
      windowEnd: '2030-06-11T10:45:00.000Z',
    });
    // 60 minutes from 10:00, cut at the student's own window end.
    expect(await statement(student)).toMatchObject({
      status: 200,
      body: { deadline: '2030-06-11T10:45:00.000Z' },
    });
    expect(await statement(other)).toMatchObject(closed);
    // Before their window opens, they are told when it does.
    const early = await signInStudent(server, `acc-early-${kind}@college.test`, 'ACC-1');
    await given(CHALLENGE, early.id, {
      action: 'window',
      windowStart: '2030-06-12T09:00',
      windowEnd: '2030-06-12T11:00',
      reason: 'Another day',
    });
    expect(await statement(early)).toMatchObject({
      status: 403,
      body: { message: messages.testNotOpenYet.replace('{date}', '2030-06-12 09:00 (UTC)') },
    });
  });

  it('reopens a timed-out attempt with the minutes given', async () => {
    setClock('2030-06-10T09:00:00Z');
    const student = await signInStudent(server, `acc-reopen-${kind}@college.test`, 'ACC-1');
    expect((await timer(student)).deadline).toBe('2030-06-10T10:00:00.000Z');
    expect(
      await give(CHALLENGE, student.id, { action: 'reopen', minutes: 5, reason: 'x' }),
    ).toMatchObject({
      status: 400,
      body: { message: accommodationMessages.reopenNotOver },
    });
    setClock('2030-06-10T10:30:00Z');
    const held = heldTimer(student, '2030-06-10T10:00:00.000Z');
    await settle();
    const res = await given(CHALLENGE, student.id, {
      action: 'reopen',
      minutes: 20,
      reason: 'Power cut',
    });
    expect(res).toMatchObject({
      state: 'working',
      attempt: { deadline: '2030-06-10T10:50:00.000Z' },
    });
    expect(((await held).body as SittingTimer).deadline).toBe('2030-06-10T10:50:00.000Z');
  });

  it('resets: a new attempt at the next open, the old submissions still visible to staff', async () => {
    setClock('2030-06-10T09:00:00Z');
    const student = await signInStudent(server, `acc-reset-${kind}@college.test`, 'ACC-1');
    await timer(student);
    const [first] = await queryRows(
      server,
      `select sa.id::text as id from sitting_attempts sa join sittings s on s.id = sa.sitting_id
        where s.challenge_id = 'ACC-1' and sa.user_id = $1`,
      [student.id],
    );
    const submissionId = await seedJudged(server, {
      userId: student.id,
      sittingAttemptId: String(first?.id),
      challengeId: 'ACC-1',
      score: 40,
      at: new Date('2030-06-10T09:10:00Z'),
    });
    const row = async () => {
      const res = await call(
        server,
        'GET',
        `${resultsPath('ACC-1')}?q=${encodeURIComponent(student.email)}&status=all`,
        undefined,
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { rows } = res.body as ResultsResponse;
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    expect(await row()).toMatchObject({ submissions: 1, bestScore: 40 });

    setClock('2030-06-10T09:20:00Z');
    const reset = await given(CHALLENGE, student.id, {
      action: 'reset',
      reason: 'Wrong problem set',
    });
    expect(reset).toMatchObject({
      state: 'reset',
      attempt: { number: 1, finishedAt: '2030-06-10T09:20:00.000Z' },
    });
    expect(await give(CHALLENGE, student.id, { action: 'reset', reason: 'again' })).toMatchObject({
      status: 400,
      body: { message: accommodationMessages.resetAlreadyPending },
    });

    // The next open (the timer call opens) begins attempt 2 with a full hour.
    setClock('2030-06-10T09:30:00Z');
    expect(await timer(student)).toMatchObject({
      deadline: '2030-06-10T10:30:00.000Z',
      finishedAt: null,
    });
    const now = (
      await call(server, 'GET', accommodationsPath(CHALLENGE, student.id), undefined, admin)
    ).body as AccommodationResponse;
    expect(now).toMatchObject({ state: 'working', attempt: { number: 2 } });
    // Results show the current attempt, once; the old submission stays in the student's list.
    expect(await row()).toMatchObject({ submissions: 0, bestScore: null });
    const listed = await call(
      server,
      'GET',
      studentSubmissionsPath('ACC-1', student.id),
      undefined,
      admin,
    );
    expect(listed.status).toBe(200);
    expect(
      (listed.body as StudentSubmissionsResponse).submissions.map((s) => s.submissionId),
    ).toContain(submissionId);
  });

  it('gives an exam’s student extra time, reopens a finished exam and resets it', async () => {
    setClock('2030-06-10T09:00:00Z');
    await createExam(
      server,
      admin,
      examInput('ACC-EXAM', [{ points: 10, challengeIds: ['ACC-X'] }], {
        startDate: '2030-06-10',
        endDate: '2030-06-10',
        durationMinutes: 45,
      }),
    );
    const [student] = await seedStudents(server, `acc-exam-${kind}`, 1);
    if (!student) throw new Error('no student');
    const examTimer = async () => {
      const res = await call(
        server,
        'GET',
        studentExamTimerPath('ACC-EXAM'),
        undefined,
        student.session,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as SittingTimer;
    };
    const opened = await openExam(server, student, 'ACC-EXAM');
    expect(opened.deadline).toBe('2030-06-10T09:45:00.000Z');

    const held = woken(
      call(
        server,
        'GET',
        `${studentExamTimerPath('ACC-EXAM')}?known=${encodeURIComponent(opened.deadline)}&wait=${MAX_TIMER_WAIT_SECONDS}`,
        undefined,
        student.session,
      ),
    );
    await settle();
    await given(EXAM, student.id, {
      action: 'extra_time',
      minutes: 10,
      reason: 'Late start in room 2',
    });
    expect(((await held).body as SittingTimer).deadline).toBe('2030-06-10T09:55:00.000Z');

    setClock('2030-06-10T09:20:00Z');
    await call(server, 'POST', studentExamFinishPath('ACC-EXAM'), undefined, student.session);
    expect(await examTimer()).toMatchObject({ finishedAt: '2030-06-10T09:20:00.000Z' });
    const reopened = await given(EXAM, student.id, {
      action: 'reopen',
      minutes: 5,
      reason: 'Pressed Finish by mistake',
    });
    expect(reopened).toMatchObject({
      state: 'working',
      attempt: { finishedAt: null, deadline: '2030-06-10T10:00:00.000Z' },
    });
    expect(await examTimer()).toEqual({
      deadline: '2030-06-10T10:00:00.000Z',
      finishedAt: null,
      serverNow: '2030-06-10T09:20:00.000Z',
    });

    const firstAttempt = await examSittingAttempt(server, student.id, 'ACC-EXAM');
    await given(EXAM, student.id, { action: 'reset', reason: 'Start again' });
    expect(await examTimer()).toMatchObject({ finishedAt: '2030-06-10T09:20:00.000Z' });
    setClock('2030-06-10T09:30:00Z');
    // Extra time stays the student's: the new attempt has 45 + 10 minutes.
    const again = await openExam(server, student, 'ACC-EXAM');
    expect(again).toMatchObject({
      startedAt: '2030-06-10T09:30:00.000Z',
      deadline: '2030-06-10T10:25:00.000Z',
      finishedAt: null,
    });
    expect(await examSittingAttempt(server, student.id, 'ACC-EXAM')).not.toBe(firstAttempt);
    expect(again.problems.map((p) => p.challengeId)).toEqual(['ACC-X']);
  });

  it('refuses nonsense with a clear message', async () => {
    setClock('2030-06-10T09:00:00Z');
    const student = await signInStudent(server, `acc-bad-${kind}@college.test`, 'ACC-1');
    const refused = async (
      body: unknown,
      message: string,
      status = 400,
      sitting: AccommodationSitting = CHALLENGE,
      userId = student.id,
    ) => expect(await give(sitting, userId, body)).toMatchObject({ status, body: { message } });
    const reason = 'Because';
    await refused(
      { action: 'extra_time', minutes: 0, reason },
      accommodationMessages.invalidMinutes,
    );
    await refused(
      { action: 'extra_time', minutes: 1441, reason },
      accommodationMessages.invalidMinutes,
    );
    await refused(
      { action: 'extra_time', minutes: 2.5, reason },
      accommodationMessages.invalidMinutes,
    );
    await refused({ action: 'factor', factor: 0.5, reason }, accommodationMessages.invalidFactor);
    await refused({ action: 'factor', factor: 4.5, reason }, accommodationMessages.invalidFactor);
    await refused(
      { action: 'window', windowStart: '2030-06-11T10:00', windowEnd: '2030-06-11T09:00', reason },
      accommodationMessages.windowEndsBeforeStart,
    );
    await refused(
      { action: 'window', windowStart: 'tomorrow', windowEnd: '2030-06-11T09:00', reason },
      accommodationMessages.invalidWindowTime,
    );
    await refused({ action: 'extra_time', minutes: 5 }, accommodationMessages.reasonRequired);
    await refused(
      { action: 'extra_time', minutes: 5, reason: '   ' },
      accommodationMessages.reasonRequired,
    );
    await refused(
      { action: 'extra_time', minutes: 5, reason: 'x'.repeat(501) },
      accommodationMessages.reasonTooLong,
    );
    await refused({ action: 'nap', reason }, accommodationMessages.invalidAction);
    await refused(
      { action: 'reopen', minutes: 5, reason },
      accommodationMessages.reopenNeverStarted,
    );
    await refused({ action: 'reopen', reason }, accommodationMessages.invalidMinutes);
    await refused({ action: 'reset', reason }, accommodationMessages.resetNeverStarted);
    await refused(
      { action: 'reset', reason },
      accommodationMessages.studentNotFound,
      404,
      CHALLENGE,
      randomUUID(),
    );
    await refused(
      { action: 'reset', reason },
      accommodationMessages.invalidStudentId,
      400,
      CHALLENGE,
      'not-a-uuid',
    );
    await refused({ action: 'reset', reason }, messages.challengeNotFound, 404, {
      kind: 'challenge',
      challengeId: 'NOPE',
    });
    await refused({ action: 'reset', reason }, examMessages.examNotFound, 404, {
      kind: 'exam',
      examCode: 'NOPE',
    });
    // Nothing refused was logged.
    const read = await call(
      server,
      'GET',
      accommodationsPath(CHALLENGE, student.id),
      undefined,
      admin,
    );
    expect((read.body as AccommodationResponse).log).toEqual([]);
  });

  it('is for staff only', async () => {
    const student = await signInStudent(server, `acc-student-${kind}@college.test`, 'ACC-1');
    const body = { action: 'extra_time', minutes: 60, reason: 'I deserve it' };
    expect((await give(CHALLENGE, student.id, body, student.session)).status).toBe(403);
    expect((await give(EXAM, student.id, body, student.session)).status).toBe(403);
    expect(
      (
        await call(
          server,
          'GET',
          accommodationsPath(CHALLENGE, student.id),
          undefined,
          student.session,
        )
      ).status,
    ).toBe(403);
    expect((await give(CHALLENGE, student.id, body, {})).status).toBe(401);
  });

  it('keeps the log append-only', async () => {
    await expect(
      queryRows(server, `update accommodation_log set reason = 'edited'`),
    ).rejects.toThrow(/append-only/);
  });
});
