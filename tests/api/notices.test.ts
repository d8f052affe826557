// Announcements and clarifications (issue 32 item 5) on both databases: what each student may
// read (announcements, their own questions, questions answered to everyone without the asker,
// never another student's private ones), drafts and undrawn problems refused, validation, the
// open-question limit, staff-only calls, and the timer long polls woken by a new notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilerTimerPath } from '../../src/contract/compiler.ts';
import { examMessages, examsPath, studentExamTimerPath } from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  compilerNoticesPath,
  MAX_OPEN_QUESTIONS,
  noticeMessages,
  QUESTION_MAX_CHARS,
  staffAnnouncementsPath,
  staffAnswerPath,
  staffNoticesPath,
  studentExamNoticesPath,
  type NoticesTarget,
  type StaffNotices,
  type StudentNotices,
} from '../../src/contract/notices.ts';
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

const CHALLENGE: NoticesTarget = { kind: 'challenge', challengeId: 'NOTE-1' };
const EXAM: NoticesTarget = { kind: 'exam', examCode: 'NOTE-EXAM' };

/**
 * The held answer, or a refusal once half its `wait` has passed: the notice must wake the poll
 * (the feed's event), not its timeout. A bound on a wait of milliseconds, not a measure of speed.
 */
const woken = (held: Promise<JsonResponse>, wait: number) =>
  Promise.race([
    held,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the poll was not woken')), (wait * 1000) / 2),
    ),
  ]);

describe.each(databaseKinds)('announcements and clarifications on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let ada: Student;
  let bo: Student;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(server, challengeInput('NOTE-1'));
    await addChallenge(server, challengeInput('NOTE-2'));
    await addChallenge(server, challengeInput('NOTE-DRAFT'));
    ada = await signInStudent(server, `ada-${kind}@college.test`, 'NOTE-1');
    bo = await signInStudent(server, `bo-${kind}@college.test`, 'NOTE-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const staffList = async (target: NoticesTarget) => {
    const res = await call(server, 'GET', staffNoticesPath(target), undefined, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as StaffNotices;
  };
  const announce = (target: NoticesTarget, body: string) =>
    call(server, 'POST', staffAnnouncementsPath(target), { body }, admin);
  const answer = (target: NoticesTarget, id: number, body: string, audience: string) =>
    call(server, 'POST', staffAnswerPath(target, id), { body, audience }, admin);
  const ask = (who: Student, body: string, challengeId?: string | null) =>
    call(
      server,
      'POST',
      compilerNoticesPath('NOTE-1'),
      { body, ...(challengeId === undefined ? {} : { challengeId }) },
      who.compiler,
    );
  const read = async (who: Student) => {
    const res = await call(server, 'GET', compilerNoticesPath('NOTE-1'), undefined, who.compiler);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as StudentNotices;
  };
  const idOf = (res: JsonResponse) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { id: number }).id;
  };

  it('shows announcements to all, a question to its asker only, an answer to all without the asker', async () => {
    idOf(await announce(CHALLENGE, 'Problem 1: the input may have **trailing spaces**.'));
    const privateQ = idOf(await ask(ada, 'Is the input sorted?', 'NOTE-1'));
    const publicQ = idOf(await ask(ada, 'May I use Python 3.12?', null));

    // Bo sees the announcement and nothing of Ada's.
    const boFirst = await read(bo);
    expect(boFirst.announcements.map((a) => a.body)).toEqual([
      'Problem 1: the input may have **trailing spaces**.',
    ]);
    expect(boFirst.questions).toEqual([]);
    const adaFirst = await read(ada);
    expect(adaFirst.questions.map((q) => [q.body, q.mine, q.challengeId])).toEqual([
      ['May I use Python 3.12?', true, null],
      ['Is the input sorted?', true, 'NOTE-1'],
    ]);
    expect(adaFirst.cursor).toBeGreaterThan(boFirst.cursor);

    // Staff see both, with the asker, unanswered first.
    const staff = await staffList(CHALLENGE);
    expect(staff.unanswered).toBe(2);
    expect(staff.questions.map((q) => [q.id, q.asker.email])).toEqual([
      [publicQ, ada.email],
      [privateQ, ada.email],
    ]);

    // An answer to the asker: Ada reads it, Bo still sees nothing.
    idOf(await answer(CHALLENGE, privateQ, 'Yes, ascending.', 'asker'));
    idOf(await answer(CHALLENGE, publicQ, 'Only to you: read the guide.', 'asker'));
    expect((await read(bo)).questions).toEqual([]);
    const adaAnswered = await read(ada);
    expect(adaAnswered.questions.find((q) => q.id === privateQ)?.answers).toMatchObject([
      { body: 'Yes, ascending.', toAll: false },
    ]);

    // An answer to everyone: Bo sees the question and that answer only, with no trace of Ada.
    idOf(await answer(CHALLENGE, publicQ, 'Python 3.11 is installed.', 'everyone'));
    const boNow = await read(bo);
    expect(boNow.questions).toMatchObject([
      {
        id: publicQ,
        mine: false,
        body: 'May I use Python 3.12?',
        answers: [{ body: 'Python 3.11 is installed.', toAll: true }],
      },
    ]);
    const seen = JSON.stringify(boNow);
    for (const trace of [ada.email, ada.id, ada.name, 'Only to you', 'ascending', 'admin@'])
      expect(seen).not.toContain(trace);
    expect(boNow.cursor).toBeGreaterThan(boFirst.cursor);
    // Ada sees both answers to her question, oldest first.
    const adaNow = await read(ada);
    expect(adaNow.questions.find((q) => q.id === publicQ)?.answers.map((a) => a.toAll)).toEqual([
      false,
      true,
    ]);
    expect((await staffList(CHALLENGE)).unanswered).toBe(0);
  });

  it('validates what is written', async () => {
    const refused = async (res: Promise<JsonResponse>, status: number, message: string) =>
      expect(await res).toMatchObject({ status, body: { message } });
    await refused(announce(CHALLENGE, '   '), 400, noticeMessages.emptyNotice);
    await refused(
      call(server, 'POST', staffAnnouncementsPath(CHALLENGE), {}, admin),
      400,
      noticeMessages.emptyNotice,
    );
    await refused(
      ask(ada, 'x'.repeat(QUESTION_MAX_CHARS + 1)),
      400,
      noticeMessages.questionTooLong,
    );
    await refused(
      ask(ada, 'About the other one?', 'NOTE-2'),
      400,
      noticeMessages.problemNotInSitting,
    );
    const q = idOf(await ask(ada, 'Valid question'));
    await refused(answer(CHALLENGE, q, 'ok', 'someone'), 400, noticeMessages.invalidAudience);
    await refused(
      call(
        server,
        'POST',
        `${staffNoticesPath(CHALLENGE)}/questions/abc/answers`,
        { body: 'x', audience: 'asker' },
        admin,
      ),
      400,
      noticeMessages.invalidQuestionId,
    );
    // A question of another sitting is not this one's to answer.
    await refused(
      answer({ kind: 'challenge', challengeId: 'NOTE-2' }, q, 'ok', 'asker'),
      404,
      noticeMessages.questionNotFound,
    );
    await refused(
      call(
        server,
        'GET',
        staffNoticesPath({ kind: 'challenge', challengeId: 'NOPE' }),
        undefined,
        admin,
      ),
      404,
      messages.challengeNotFound,
    );
    await answer(CHALLENGE, q, 'ok', 'asker');
  });

  it('keeps staff calls to staff, and student calls to the student’s own token', async () => {
    for (const res of [
      await call(server, 'GET', staffNoticesPath(CHALLENGE), undefined, ada.session),
      await call(server, 'POST', staffAnnouncementsPath(CHALLENGE), { body: 'hi' }, ada.session),
      await call(
        server,
        'POST',
        staffAnswerPath(CHALLENGE, 1),
        { body: 'hi', audience: 'everyone' },
        ada.session,
      ),
      await call(server, 'GET', staffNoticesPath(EXAM), undefined, ada.session),
    ])
      expect(res.status).toBe(403);
    expect((await call(server, 'GET', staffNoticesPath(CHALLENGE))).status).toBe(401);
    expect((await call(server, 'GET', compilerNoticesPath('NOTE-1'))).status).toBe(401);
    // The administrator's session is not a student's compiler token.
    expect(
      (await call(server, 'GET', compilerNoticesPath('NOTE-1'), undefined, admin)).status,
    ).toBe(401);
  });

  it('refuses a draft to students, not to staff', async () => {
    await call(
      server,
      'POST',
      challengeLifecyclePath('NOTE-DRAFT'),
      { action: 'unpublish' },
      admin,
    );
    const draft: NoticesTarget = { kind: 'challenge', challengeId: 'NOTE-DRAFT' };
    idOf(await announce(draft, 'Prepared in advance'));
    expect(
      await call(server, 'GET', compilerNoticesPath('NOTE-DRAFT'), undefined, ada.compiler),
    ).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    expect(
      (await call(server, 'POST', compilerNoticesPath('NOTE-DRAFT'), { body: 'hi' }, ada.compiler))
        .status,
    ).toBe(404);
    expect((await staffList(draft)).announcements).toHaveLength(1);
  });

  it('limits the open questions of one student', async () => {
    const carl = await signInStudent(server, `carl-${kind}@college.test`, 'NOTE-1');
    const ids: number[] = [];
    for (let i = 0; i < MAX_OPEN_QUESTIONS; i += 1)
      ids.push(idOf(await ask(carl, `Question ${i}`)));
    expect(await ask(carl, 'One more')).toMatchObject({
      status: 429,
      body: { message: noticeMessages.tooManyOpenQuestions },
    });
    // Another student is not held by Carl's.
    idOf(await ask(bo, 'My own question'));
    // An answer frees a place.
    await answer(CHALLENGE, ids[0] ?? 0, 'Answered', 'asker');
    idOf(await ask(carl, 'One more'));
  });

  it('wakes the compiler page’s timer long poll on a new announcement', async () => {
    const timer = (who: Student, q: Record<string, string | number>) =>
      call(
        server,
        'GET',
        `${compilerTimerPath('NOTE-1')}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
        undefined,
        who.compiler,
      );
    const first = (await timer(bo, {})).body as SittingTimer;
    // Without knownNotices, the answer is as before.
    expect(first.notices).toBeUndefined();
    const cursor = (await read(bo)).cursor;
    // A stale cursor answers at once with the current one.
    expect(
      ((await timer(bo, { known: first.deadline, knownNotices: 0, wait: 20 })).body as SittingTimer)
        .notices,
    ).toBe(cursor);
    const held = woken(
      timer(bo, { known: first.deadline, knownNotices: cursor, wait: MAX_TIMER_WAIT_SECONDS }),
      MAX_TIMER_WAIT_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const id = idOf(await announce(CHALLENGE, 'Ten minutes left.'));
    const heard = (await held).body as SittingTimer;
    expect(heard.notices).toBe(id);
    expect(heard.deadline).toBe(first.deadline);
    // Another student's question to staff does not change Bo's cursor.
    idOf(await ask(ada, 'A private one'));
    expect(
      ((await timer(bo, { known: first.deadline, knownNotices: id, wait: 1 })).body as SittingTimer)
        .notices,
    ).toBe(id);
  });

  it('asks about drawn problems only in an exam, and wakes the exam screen’s poll', async () => {
    await createExam(
      server,
      admin,
      examInput(EXAM.kind === 'exam' ? EXAM.examCode : '', [
        { points: 10, challengeIds: ['NOTE-1', 'NOTE-2'] },
      ]),
    );
    const [dee, eve] = await seedStudents(server, `notes-${kind}`, 2);
    if (!dee || !eve) throw new Error('no students');
    const opened = await openExam(server, dee, 'NOTE-EXAM');
    const drawn = opened.problems[0]?.challengeId ?? '';
    const other = drawn === 'NOTE-1' ? 'NOTE-2' : 'NOTE-1';
    const examAsk = (who: typeof dee, body: string, challengeId?: string) =>
      call(server, 'POST', studentExamNoticesPath('NOTE-EXAM'), { body, challengeId }, who.session);
    const examRead = async (who: typeof dee) => {
      const res = await call(
        server,
        'GET',
        studentExamNoticesPath('NOTE-EXAM'),
        undefined,
        who.session,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as StudentNotices;
    };
    expect(await examAsk(dee, 'About the other?', other)).toMatchObject({
      status: 400,
      body: { message: noticeMessages.problemNotInSitting },
    });
    expect((await examAsk(dee, 'About a stranger?', 'NOTE-DRAFT')).status).toBe(400);
    const q = idOf(await examAsk(dee, 'About mine', drawn));
    // Eve has not opened the exam: she reads the announcements, and none of Dee's questions.
    expect((await examRead(eve)).questions).toEqual([]);
    // The challenge's own notices are not the exam's.
    expect((await examRead(dee)).announcements).toEqual([]);
    expect(
      (await staffList(EXAM)).questions.map((x) => [x.id, x.asker.email, x.challengeId]),
    ).toEqual([[q, dee.email, drawn]]);

    const examTimer = (q2: Record<string, string | number>) =>
      call(
        server,
        'GET',
        `${studentExamTimerPath('NOTE-EXAM')}?${new URLSearchParams(Object.entries(q2).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
        undefined,
        dee.session,
      );
    const cursor = (await examRead(dee)).cursor;
    const held = woken(
      examTimer({ known: opened.deadline, knownNotices: cursor, wait: MAX_TIMER_WAIT_SECONDS }),
      MAX_TIMER_WAIT_SECONDS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const a = idOf(await answer(EXAM, q, 'Yes.', 'everyone'));
    expect(((await held).body as SittingTimer).notices).toBe(a);
    expect((await examRead(eve)).questions).toMatchObject([
      { id: q, mine: false, answers: [{ body: 'Yes.', toAll: true }] },
    ]);

    // A draft exam (a new one is a draft) is unknown to students.
    const created = await call(
      server,
      'POST',
      examsPath,
      examInput('NOTE-DX', [{ points: 10, challengeIds: ['NOTE-1'] }]),
      admin,
    );
    expect(created.status).toBe(200);
    expect(
      await call(server, 'GET', studentExamNoticesPath('NOTE-DX'), undefined, eve.session),
    ).toMatchObject({ status: 404, body: { message: examMessages.examNotFound } });
    expect(
      (await call(server, 'POST', studentExamNoticesPath('NOTE-DX'), { body: 'hi' }, eve.session))
        .status,
    ).toBe(404);
  });
});
