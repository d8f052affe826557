// The teacher's exam calls (issue 31, contract/exams.ts) on both databases: create, read, list,
// update (rename, slots replaced), delete (refused once anyone submitted) and archive, every
// validation message, the test code shared with challenges both ways, a challenge an exam uses
// that cannot be deleted, and the role checks of every staff call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeInput } from './compiler-fixtures.ts';
import {
  examArchivePath,
  examExportPath,
  examMessages,
  examPath,
  examPreviewPath,
  examResultsPath,
  examsPath,
  type Exam,
  type ExamInput,
  type ExamPreview,
  type ExamSummary,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
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
  createExam,
  examInput,
  openExam,
  seedJudgedInExam,
  seedStudents,
} from './exam-fixtures.ts';
import { seedChallenge } from './results-fixtures.ts';

describe.each(databaseKinds)('exams, the teacher’s calls, on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    for (const [id, score] of [
      ['EA-P1', 100],
      ['EA-P2', 50],
      ['EA-P3', 10],
      ['EA-P4', 100],
      ['Ea-Mixed', 100],
    ] as const)
      await seedChallenge(server, id, score);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (method: string, path: string, body?: unknown) =>
    call(server, method, path, body, admin);

  it('creates an exam and reads it back whole, with its slots and figures', async () => {
    const input = examInput(
      'EA-FIRST',
      [
        { points: 40, challengeIds: ['EA-P1'] },
        // Matched without regard to case; stored as the challenges spell their ids.
        { points: 60, challengeIds: ['ea-p3', 'EA-P2'] },
      ],
      { startTime: '09:30', endDate: '2099-12-30', endTime: '17:45', durationMinutes: 75 },
    );
    const created = await send('POST', examsPath, input);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { exam } = created.body as { exam: Exam };
    expect(exam).toMatchObject({
      examCode: 'EA-FIRST',
      title: 'Exam EA-FIRST',
      instructions: 'Answer **every** problem.',
      startDate: '2020-01-01',
      startTime: '09:30',
      endDate: '2099-12-30',
      endTime: '17:45',
      durationMinutes: 75,
      scoring: 'best',
      totalPoints: 100,
      archived: false,
      // A new exam is a draft: only staff see it until it is published.
      lifecycle: 'draft',
      stoppedAt: null,
      timeZone: 'UTC',
      studentsStarted: 0,
      hasSubmissions: false,
    });
    expect(exam.slots).toEqual([
      {
        ordinal: 1,
        points: 40,
        challenges: [{ challengeId: 'EA-P1', challengeName: 'Results EA-P1', score: 100 }],
      },
      {
        ordinal: 2,
        points: 60,
        challenges: [
          { challengeId: 'EA-P3', challengeName: 'Results EA-P3', score: 10 },
          { challengeId: 'EA-P2', challengeName: 'Results EA-P2', score: 50 },
        ],
      },
    ]);
    // The code is matched without regard to case or spaces around it.
    const read = await send('GET', examPath('ea-first'));
    expect(read).toMatchObject({ status: 200, body: { exam: { examCode: 'EA-FIRST' } } });
    const list = await send('GET', examsPath);
    const summary = (list.body as { exams: ExamSummary[] }).exams.find(
      (e) => e.examCode === 'EA-FIRST',
    );
    expect(summary).toMatchObject({ slotCount: 2, totalPoints: 100, archived: false });
    expect(summary).not.toHaveProperty('slots');
  });

  it('refuses invalid exams with the contract’s messages', async () => {
    const base = examInput('EA-BAD', [{ points: 10, challengeIds: ['EA-P1'] }]);
    const cases: [Partial<ExamInput> | Record<string, unknown>, string][] = [
      [{ title: '  ' }, examMessages.enterAllExamDetails],
      [{ examCode: 'a b' }, examMessages.invalidExamCode],
      [{ startTime: '24:00' }, examMessages.invalidTime],
      [{ endTime: '9:5' }, examMessages.invalidTime],
      [{ endDate: '2019-12-31' }, examMessages.examWindowBackwards],
      [{ durationMinutes: 0 }, examMessages.invalidExamDuration],
      [{ durationMinutes: 1.5 }, examMessages.invalidExamDuration],
      [{ slots: [] }, examMessages.addSlot],
      [{ slots: [{ points: 10, challengeIds: [] }] }, examMessages.emptySlot],
      [{ slots: [{ points: 0, challengeIds: ['EA-P1'] }] }, examMessages.invalidPoints],
      [
        {
          slots: [
            { points: 10, challengeIds: ['EA-P1'] },
            { points: 10, challengeIds: ['ea-p1'] },
          ],
        },
        examMessages.repeatedChallenge,
      ],
      [
        { slots: [{ points: 10, challengeIds: ['EA-P1', 'EA-NOPE'] }] },
        examMessages.unknownChallenge.replace('{challengeId}', 'EA-NOPE'),
      ],
    ];
    for (const [override, message] of cases) {
      const res = await send('POST', examsPath, { ...base, ...override });
      expect(res, JSON.stringify(override)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await send('POST', examsPath, 'not json')).toMatchObject({ status: 400 });
    expect(await send('GET', examPath('EA-BAD'))).toMatchObject({
      status: 404,
      body: { message: examMessages.examNotFound },
    });
  });

  it('gives a test code to one exam or challenge only, whatever its case, both ways', async () => {
    const slots = [{ points: 10, challengeIds: ['EA-P1'] }];
    // An exam may not take a challenge's id, nor another exam's code.
    expect(await send('POST', examsPath, examInput('ea-mixed', slots))).toMatchObject({
      status: 409,
      body: { message: examMessages.examCodeTaken },
    });
    await createExam(server, admin, examInput('EA-CLASH', slots));
    expect(await send('POST', examsPath, examInput('Ea-Clash', slots))).toMatchObject({
      status: 409,
      body: { message: examMessages.examCodeTaken },
    });
    // A challenge may not take an exam's code.
    const taken = await send('POST', '/api/admin/addChallenge', challengeInput('ea-clash'));
    expect(taken).toMatchObject({ status: 409, body: { message: examMessages.examCodeTaken } });
    // Renaming into a taken code is refused as well; into a free one it works.
    await createExam(server, admin, examInput('EA-OTHER', slots));
    expect(await send('PUT', examPath('EA-OTHER'), examInput('EA-P2', slots))).toMatchObject({
      status: 409,
      body: { message: examMessages.examCodeTaken },
    });
    expect(await send('PUT', examPath('EA-OTHER'), examInput('EA-CLASH', slots))).toMatchObject({
      status: 409,
    });
    const renamed = await send('PUT', examPath('ea-other'), examInput('EA-RENAMED', slots));
    expect(renamed).toMatchObject({ status: 200, body: { exam: { examCode: 'EA-RENAMED' } } });
    expect((await send('GET', examPath('EA-OTHER'))).status).toBe(404);
    // Its own code in another case is still its own.
    const recased = await send('PUT', examPath('EA-RENAMED'), examInput('ea-renamed', slots));
    expect(recased).toMatchObject({ status: 200, body: { exam: { examCode: 'ea-renamed' } } });
  });

  it('updates fields and replaces the slots in one go; a refused update changes nothing', async () => {
    await createExam(
      server,
      admin,
      examInput('EA-EDIT', [
        { points: 10, challengeIds: ['EA-P1'] },
        { points: 20, challengeIds: ['EA-P2', 'EA-P3'] },
        { points: 30, challengeIds: ['EA-P4'] },
      ]),
    );
    const refused = await send(
      'PUT',
      examPath('EA-EDIT'),
      examInput('EA-EDIT', [{ points: 5, challengeIds: ['EA-NONE'] }], { title: 'Changed' }),
    );
    expect(refused.status).toBe(400);
    const kept = (await send('GET', examPath('EA-EDIT'))).body as { exam: Exam };
    expect(kept.exam.title).toBe('Exam EA-EDIT');
    expect(kept.exam.slots).toHaveLength(3);

    const updated = await send(
      'PUT',
      examPath('EA-EDIT'),
      examInput('EA-EDIT', [{ points: 25, challengeIds: ['EA-P3', 'EA-P4'] }], {
        title: 'Changed',
        scoring: 'last',
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const { exam } = updated.body as { exam: Exam };
    expect(exam).toMatchObject({ title: 'Changed', scoring: 'last', totalPoints: 25 });
    expect(exam.slots.map((s) => s.challenges.map((c) => c.challengeId))).toEqual([
      ['EA-P3', 'EA-P4'],
    ]);
    expect(
      await send('PUT', examPath('EA-NOWHERE'), examInput('EA-NOWHERE', exam.slots.map(toInput))),
    ).toMatchObject({ status: 404, body: { message: examMessages.examNotFound } });
  });

  it('deletes an exam nobody submitted in, and only archives one with submissions', async () => {
    const slots = [{ points: 10, challengeIds: ['EA-P1'] }];
    await createExam(server, admin, examInput('EA-GONE', slots));
    const [student] = await seedStudents(server, `gone-${kind}`, 1);
    if (!student) throw new Error('no student');
    await openExam(server, student, 'EA-GONE');
    // Opened but nothing submitted: it can still be deleted, with its attempts and draws.
    const deleted = await send('DELETE', examPath('EA-GONE'));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((deleted.body as { examDeleted: Exam }).examDeleted).toMatchObject({
      examCode: 'EA-GONE',
      studentsStarted: 1,
      slots: [{ ordinal: 1 }],
    });
    expect((await send('GET', examPath('EA-GONE'))).status).toBe(404);
    expect((await send('DELETE', examPath('EA-GONE'))).status).toBe(404);

    await createExam(server, admin, examInput('EA-KEPT', slots));
    await openExam(server, student, 'EA-KEPT');
    await seedJudgedInExam(server, 'EA-KEPT', {
      userId: student.id,
      challengeId: 'EA-P1',
      score: 100,
      at: new Date(),
    });
    const before = (await send('GET', examPath('EA-KEPT'))).body as { exam: Exam };
    expect(before.exam).toMatchObject({ hasSubmissions: true, studentsStarted: 1 });
    expect(await send('DELETE', examPath('EA-KEPT'))).toMatchObject({
      status: 409,
      body: { message: examMessages.examHasSubmissions },
    });
    const archived = await send('POST', examArchivePath('EA-KEPT'), { archived: true });
    expect(archived).toMatchObject({ status: 200, body: { exam: { archived: true } } });
    expect(await send('POST', examArchivePath('EA-KEPT'), { archived: 'yes' })).toMatchObject({
      status: 400,
    });
    const restored = await send('POST', examArchivePath('EA-KEPT'), { archived: false });
    expect(restored).toMatchObject({ status: 200, body: { exam: { archived: false } } });
    expect((await send('POST', examArchivePath('EA-NOWHERE'), { archived: true })).status).toBe(
      404,
    );
  });

  it('keeps a challenge an exam uses: its delete answers 409 naming the exam', async () => {
    await seedChallenge(server, 'EA-HELD', 100);
    await createExam(
      server,
      admin,
      examInput('EA-HOLDER', [{ points: 5, challengeIds: ['EA-HELD'] }]),
    );
    const refused = await send('POST', '/api/admin/deleteChallenge?challengeId=EA-HELD');
    expect(refused).toMatchObject({
      status: 409,
      body: { message: examMessages.challengeInExam.replace('{examCode}', 'EA-HOLDER') },
    });
    expect((await send('POST', '/api/admin/getChallenge', { challengeId: 'EA-HELD' })).status).toBe(
      200,
    );
    expect((await send('DELETE', examPath('EA-HOLDER'))).status).toBe(200);
    expect((await send('POST', '/api/admin/deleteChallenge?challengeId=EA-HELD')).status).toBe(200);
  });

  it('previews the student’s screen with every pool problem, recording nothing', async () => {
    await createExam(
      server,
      admin,
      examInput('EA-PREVIEW', [
        { points: 10, challengeIds: ['EA-P1'] },
        { points: 30, challengeIds: ['EA-P2', 'EA-P3'] },
      ]),
    );
    const res = await send('GET', examPreviewPath('EA-PREVIEW'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = res.body as ExamPreview;
    expect(preview).toMatchObject({ examCode: 'EA-PREVIEW', totalPoints: 40, total: null });
    expect(preview.problems.map((p) => [p.ordinal, p.challengeId, p.poolOf, p.state])).toEqual([
      [1, 'EA-P1', 1, 'not-opened'],
      [2, 'EA-P2', 2, 'not-opened'],
      [2, 'EA-P3', 2, 'not-opened'],
    ]);
    const exam = ((await send('GET', examPath('EA-PREVIEW'))).body as { exam: Exam }).exam;
    expect(exam.studentsStarted).toBe(0);
  });

  it('answers 401 without a token and 403 to a student on every staff call', async () => {
    await createExam(
      server,
      admin,
      examInput('EA-ROLES', [{ points: 1, challengeIds: ['EA-P1'] }]),
    );
    const [student] = await seedStudents(server, `roles-${kind}`, 1);
    if (!student) throw new Error('no student');
    const body = examInput('EA-ROLES', [{ points: 1, challengeIds: ['EA-P1'] }]);
    const calls: [string, string, unknown?][] = [
      ['GET', examsPath],
      ['POST', examsPath, body],
      ['GET', examPath('EA-ROLES')],
      ['PUT', examPath('EA-ROLES'), body],
      ['DELETE', examPath('EA-ROLES')],
      ['POST', examArchivePath('EA-ROLES'), { archived: true }],
      ['GET', examPreviewPath('EA-ROLES')],
      ['GET', examResultsPath('EA-ROLES')],
      ['GET', examExportPath('EA-ROLES', 'xlsx')],
      ['GET', examExportPath('EA-ROLES', 'csv')],
    ];
    for (const [method, path, payload] of calls) {
      expect(await call(server, method, path, payload), `${method} ${path}`).toMatchObject({
        status: 401,
        body: { message: messages.unauthorized },
      });
      expect(
        await call(server, method, path, payload, student.session),
        `${method} ${path}`,
      ).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    }
    expect((await send('GET', examPath('EA-ROLES'))).status).toBe(200);
  });
});

const toInput = (slot: Exam['slots'][number]) => ({
  points: slot.points,
  challengeIds: slot.challenges.map((c) => c.challengeId),
});
