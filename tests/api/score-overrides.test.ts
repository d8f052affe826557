// Manual grading (issue 34 item 3) through the API: staff of the course (an assistant too) set a
// student's score with a required reason, as an absolute value or points added or removed, and
// grade manual points on top; the grade survives a re-judge, shows beside the automatic score in
// Results, the exam's matrix and totals, every export and the student's own history, and each
// entry is in the audit log naming the student and the challenge, from what to what.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse, SubmissionState } from '../../src/contract/compiler.ts';
import { examResultsPath, type ExamResultsResponse } from '../../src/contract/exams.ts';
import {
  gradePath,
  gradingMessages,
  manualMaxPath,
  type GradeState,
} from '../../src/contract/grading.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  resultsExportPath,
  resultsPath,
  type ResultsResponse,
} from '../../src/contract/results.ts';
import { storedTotalsDrift } from '../../src/server/exams/exam-totals.ts';
import { findExamByCode } from '../../src/server/exams/exam-queries.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  awaitFinal,
  challengeInput,
  signInStudent,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import { createExam, examInput, openExam, seedJudgedInExam } from './exam-fixtures.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

/** Right on the sample (weight 1), wrong on the hidden test (weight 3): 25 of 100. */
const SAMPLE_ONLY = 'print(3)\n';

describe.each(databaseKinds)('score overrides on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let assistant: StaffSession;
  let outsider: StaffSession;
  let student: Student;
  let courseId: string;

  const put = (path: string, body: unknown, headers: Record<string, string>) =>
    call(server, 'PUT', path, body, headers);
  const grade = (examCode?: string) => gradePath('GR-1', student.id, examCode);
  const text = async (path: string) => {
    const response = await fetch(server.url + path, { headers: owner });
    expect(response.status).toBe(200);
    return (await response.text()).replace(/^\uFEFF/, '');
  };
  const sheet = async (path: string) => {
    const response = await fetch(server.url + path, { headers: owner });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const results = workbook.getWorksheet('Results');
    const rows: unknown[][] = [];
    results?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    courseId = await createdCourse(server, owner, 'GR-C');
    const otherId = await createdCourse(server, owner, 'GR-O');
    await addChallenge(server, challengeInput('GR-1', { challengeName: 'Sum of two' }));
    await queryRows(server, `update challenges set course_id = $1 where challenge_id = 'GR-1'`, [
      courseId,
    ]);
    student = await signInStudent(server, 'grace@college.test', 'GR-1');
    await queryRows(
      server,
      `insert into enrolments (course_id, user_id, student_number) values ($1, $2, 'S-042')`,
      [courseId, student.id],
    );
    const submitted = await submitAndWait(server, student, {
      challengeId: 'GR-1',
      code: SAMPLE_ONLY,
    });
    expect(submitted.final, JSON.stringify(submitted.body)).toMatchObject({ score: 25 });
    // The same problem in an exam of the course, worth 50 points (judged in its test below).
    await createExam(
      server,
      owner,
      examInput('GR-X', [{ points: 50, challengeIds: ['GR-1'] }], { courseId }),
    );
    await openExam(server, student, 'GR-X');
    assistant = await invitedStaff(server, 'assistant@gr.test', 'assistant', courseId);
    outsider = await invitedStaff(server, 'outsider@gr.test', 'assistant', otherId);
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
  });

  it('refuses a grade without a reason, out of range, or from anyone outside the course', async () => {
    const set = { part: 'score', kind: 'absolute', value: 80, reason: 'Late test data fixed' };
    expect(await put(grade(), { ...set, reason: undefined }, assistant.headers)).toMatchObject({
      status: 400,
      body: { message: gradingMessages.reasonRequired },
    });
    expect(await put(grade(), { ...set, reason: '  ' }, assistant.headers)).toMatchObject({
      status: 400,
      body: { message: gradingMessages.reasonRequired },
    });
    expect(await put(grade(), { ...set, value: 101 }, assistant.headers)).toMatchObject({
      status: 400,
      body: { message: gradingMessages.absoluteOutOfRange.replace('{max}', '100') },
    });
    // Manual points before the challenge has any.
    expect(
      await put(grade(), { ...set, part: 'manual', value: 3 }, assistant.headers),
    ).toMatchObject({ status: 400, body: { message: gradingMessages.noManualPoints } });
    // An assistant of another course: the challenge does not exist for them.
    expect((await put(grade(), set, outsider.headers)).status).toBe(404);
    expect((await call(server, 'GET', grade(), undefined, outsider.headers)).status).toBe(404);
    // The student, with their session or the compiler's token; nobody at all.
    expect((await put(grade(), set, student.session)).status).toBe(403);
    expect((await put(grade(), set, student.compiler)).status).toBe(401);
    expect((await put(grade(), set, {})).status).toBe(401);
    // Nothing was written by any of them.
    expect(await queryRows(server, 'select id from score_overrides')).toEqual([]);
  });

  it('lets an assistant override the score, and the override survives a re-judge', async () => {
    const set = await put(
      grade(),
      { part: 'score', kind: 'absolute', value: 80, reason: 'Hidden test was wrong' },
      assistant.headers,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body as GradeState).toMatchObject({
      automatic: 25,
      override: { kind: 'absolute', value: 80 },
      finalScore: 80,
      history: [{ part: 'score', kind: 'absolute', value: 80, by: 'assistant@gr.test' }],
    });

    // The tests change so the same program now passes every one, and the challenge is re-judged:
    // the automatic score moves, the override stays over it.
    const fixed = challengeInput('GR-1', {
      challengeName: 'Sum of two',
      testCases: [
        { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
        { input: '0 3\n', expectedOutput: '3\n', hidden: true, weight: 3 },
      ],
    });
    expect((await call(server, 'POST', '/api/admin/updateChallenge', fixed, owner)).status).toBe(
      200,
    );
    const history = await call(server, 'GET', '/api/compiler/history/GR-1', undefined, {
      ...student.compiler,
    });
    const [entry] = (history.body as HistoryResponse).submissions;
    const rejudge = await call(
      server,
      'POST',
      '/api/admin/rejudge',
      { challengeId: 'GR-1' },
      owner,
    );
    expect(rejudge.status, JSON.stringify(rejudge.body)).toBe(200);
    // Entered once, in the re-judge's own transaction (inTransaction), under the course.
    const rejudged = await queryRows(
      server,
      `select course_id from audit_log where call = 'POST /api/admin/rejudge'`,
    );
    expect(rejudged).toEqual([{ course_id: courseId }]);
    const again = await awaitFinal(server, student, {
      submissionId: entry?.submissionId ?? '',
      status: 'queued',
      position: 1,
    } as SubmissionState);
    expect(again).toMatchObject({ score: 100 });
    const after = await call(server, 'GET', grade(), undefined, assistant.headers);
    expect(after.body as GradeState).toMatchObject({
      automatic: 100,
      override: { kind: 'absolute', value: 80 },
      finalScore: 80,
    });
  });

  it('adds manual points on top, replaces and clears entries, and keeps the history', async () => {
    // The maximum is the challenge's: an assistant grades but does not change it.
    expect((await put(manualMaxPath('GR-1'), { max: 10 }, assistant.headers)).status).toBe(403);
    expect(await put(manualMaxPath('GR-1'), { max: 10 }, owner)).toMatchObject({
      status: 200,
      body: { manualPointsMax: 10 },
    });
    const manual = await put(
      grade(),
      { part: 'manual', kind: 'absolute', value: 7, reason: 'Readable code' },
      assistant.headers,
    );
    expect(manual.body as GradeState).toMatchObject({ manualPoints: 7, finalScore: 87 });
    // A new override replaces the current one: 100 - 5.
    const adjusted = await put(
      grade(),
      { part: 'score', kind: 'adjust', value: -5, reason: 'Copied a helper' },
      owner,
    );
    expect(adjusted.body as GradeState).toMatchObject({
      override: { kind: 'adjust', value: -5 },
      finalScore: 102,
    });
    // Cleared, then set back: every entry stays in the history, newest first.
    await put(grade(), { part: 'score', kind: 'clear', reason: 'Mistake' }, owner);
    const back = await put(
      grade(),
      { part: 'score', kind: 'absolute', value: 80, reason: 'Hidden test was wrong' },
      owner,
    );
    const state = back.body as GradeState;
    expect(state).toMatchObject({ automatic: 100, manualPoints: 7, finalScore: 87 });
    expect(state.history.map((h) => [h.part, h.kind, h.value])).toEqual([
      ['score', 'absolute', 80],
      ['score', 'clear', null],
      ['score', 'adjust', -5],
      ['manual', 'absolute', 7],
      ['score', 'absolute', 80],
    ]);
  });

  it('records every entry in the audit log with the student, the challenge and from → to', async () => {
    const rows = await queryRows(
      server,
      `select actor_email, action, target_id, course_id, changes from audit_log
        where call = 'PUT /api/admin/grading/:challengeId/students/:userId' order by id`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.action).toBe('grading.write');
      expect(row.target_id).toBe(`GR-1 / ${student.id}`);
      // Filed under the challenge's course (the owner's view filters by it).
      expect(row.course_id).toBe(courseId);
    }
    expect(rows[0]?.actor_email).toBe('assistant@gr.test');
    expect(rows[2]?.changes).toMatchObject({
      kind: { from: 'absolute', to: 'adjust' },
      value: { from: 80, to: -5 },
      reason: { to: 'Copied a helper' },
    });
  });

  it('shows the grade beside the automatic score in Results and both of its exports', async () => {
    const results = await call(
      server,
      'GET',
      `${resultsPath('GR-1')}?status=all`,
      undefined,
      assistant.headers,
    );
    const [row] = (results.body as ResultsResponse).rows;
    expect(row).toMatchObject({
      bestScore: 100,
      override: { kind: 'absolute', value: 80 },
      manualPoints: 7,
      finalScore: 87,
    });
    // The summary counts the grade, not the judge's 100: no full score, average and median 87.
    expect((results.body as ResultsResponse).summary).toMatchObject({
      started: 1,
      fullScore: 0,
      average: 87,
      median: 87,
    });
    // The grade's columns right after the judge's, before the Student ID and Section.
    const grading = ['Score override', 'Manual points', 'Final score (of 110)'];
    const csv = (await text(resultsExportPath('GR-1', 'csv'))).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const at = header.indexOf('Score override');
    expect(header.slice(at, at + 5)).toEqual([...grading, 'Student ID', 'Section']);
    expect(csv[1]?.split(',').slice(at, at + 4)).toEqual(['set to 80', '7', '87', 'S-042']);
    const xlsx = await sheet(resultsExportPath('GR-1', 'xlsx'));
    expect(xlsx[0]?.slice(at, at + 3)).toEqual(grading);
    expect(xlsx[1]?.slice(at, at + 3)).toEqual(['set to 80', 7, 87]);
  });

  it("gives the student the final score in their history, without the staff's reasons", async () => {
    const res = await call(
      server,
      'GET',
      '/api/compiler/history/GR-1',
      undefined,
      student.compiler,
    );
    expect(res.status).toBe(200);
    const body = res.body as HistoryResponse;
    expect(body.grade).toEqual({
      maxScore: 100,
      manualPointsMax: 10,
      automatic: 100,
      override: { kind: 'absolute', value: 80 },
      manualPoints: 7,
      finalScore: 87,
    });
    expect(JSON.stringify(body)).not.toContain('Hidden test was wrong');
  });

  it("grades an exam's problem on its own: the matrix, the stored totals and both exports", async () => {
    // Judged 40 of 100 there (after the re-judge above, which would have judged it again).
    await seedJudgedInExam(server, 'GR-X', {
      userId: student.id,
      challengeId: 'GR-1',
      score: 40,
      at: new Date(),
    });
    const set = await put(
      grade('GR-X'),
      { part: 'score', kind: 'adjust', value: 10, reason: 'Partial credit' },
      assistant.headers,
    );
    expect(set.body as GradeState).toMatchObject({ automatic: 40, finalScore: 50 });
    // The standalone grade is untouched.
    expect(
      ((await call(server, 'GET', grade(), undefined, owner)).body as GradeState).finalScore,
    ).toBe(87);
    const matrix = await call(server, 'GET', examResultsPath('GR-X'), undefined, owner);
    const [row] = (matrix.body as ExamResultsResponse).rows;
    // 50 of 100 on a 50-point slot is 25, the judge's 40 is 20; the standing's manual points are
    // the standalone standing's, not this one's.
    expect(row?.cells[0]).toMatchObject({ score: 25, automaticScore: 20, graded: true });
    expect(row?.total).toBe(25);
    const exam = await findExamByCode(server.database.db, 'GR-X');
    if (!exam) throw new Error('no exam');
    expect(await storedTotalsDrift(server.database.db, exam)).toEqual([]);

    const csv = (await text(`/api/admin/exams/GR-X/export.csv`)).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const values = csv[1]?.split(',') ?? [];
    expect(values[header.indexOf('Problem 1 score (of 50)')]).toBe('25');
    expect(values[header.indexOf('Total (of 50)')]).toBe('25');
    expect(values[header.indexOf('Automatic total (of 50)')]).toBe('20');
    const xlsx = await sheet(`/api/admin/exams/GR-X/export.xlsx`);
    const at = (name: string) => xlsx[1]?.[xlsx[0]?.indexOf(name) ?? -1];
    expect(at('Total (of 50)')).toBe(25);
    expect(at('Automatic total (of 50)')).toBe(20);

    // Manual points on the exam's standing count on top of the scaled score; clearing the
    // override goes back to the judge's.
    await put(
      grade('GR-X'),
      { part: 'manual', kind: 'absolute', value: 4, reason: 'Style' },
      assistant.headers,
    );
    await put(grade('GR-X'), { part: 'score', kind: 'clear', reason: 'Undo' }, assistant.headers);
    const again = await call(server, 'GET', examResultsPath('GR-X'), undefined, owner);
    expect((again.body as ExamResultsResponse).rows[0]?.total).toBe(24);
    expect(await storedTotalsDrift(server.database.db, exam)).toEqual([]);
    // The student's exam history shows it too.
    const history = await call(
      server,
      'GET',
      '/api/compiler/history/GR-1?examCode=GR-X',
      undefined,
      student.compiler,
    );
    expect((history.body as HistoryResponse).grade).toMatchObject({
      automatic: 40,
      override: null,
      manualPoints: 4,
      finalScore: 44,
    });
  });

  it('answers 404 with a message for a student who never opened the problem', async () => {
    const [other] = await queryRows(
      server,
      `insert into users (email, name) values ('never@college.test', 'Never') returning id::text as id`,
    );
    const res = await call(
      server,
      'GET',
      gradePath('GR-1', String(other?.id)),
      undefined,
      assistant.headers,
    );
    expect(res).toMatchObject({ status: 404, body: { message: gradingMessages.notOpened } });
    expect(
      await call(server, 'GET', gradePath('GR-1', 'nope'), undefined, assistant.headers),
    ).toMatchObject({ status: 400, body: { message: messages.invalidStudentId } });
  });
});
