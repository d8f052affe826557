/**
 * Moving challenges and exams between courses (issue 33, contract/course-moves.ts) through the
 * real server on both databases: a teacher of both courses moves, a teacher of only one and an
 * assistant of both are refused, an exam takes its problems along or nothing moves, what students
 * did stays attached, and the audit log keeps the course from → to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRoute, type AuditEntry } from '../../src/contract/audit.ts';
import { getChallengesPath, type ChallengeSummary } from '../../src/contract/challenges.ts';
import {
  challengeCoursePath,
  courseMoveMessages,
  examCoursePath,
  sharedProblemMessage,
} from '../../src/contract/course-moves.ts';
import { coursePath, courseMessages } from '../../src/contract/courses.ts';
import { examsPath, type ExamSummary } from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
import { addChallenge, challengeInput } from './compiler-fixtures.ts';
import { createExam, examInput } from './exam-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { insertAttempt } from './insert-attempt.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('moving challenges and exams between courses on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  /** Teaches both A and B. */
  let both: StaffSession;
  /** Teaches A only. */
  let teacherA: StaffSession;
  /** Teaches B only. */
  let teacherB: StaffSession;
  /** Assists in A and B. */
  let assistant: StaffSession;
  let courseA: string;
  let courseB: string;

  const courseOf = async (table: 'challenges' | 'exams', key: string) => {
    const column = table === 'challenges' ? 'challenge_id' : 'code';
    const [row] = await queryRows(
      server,
      `select c.code from ${table} t join courses c on c.id = t.course_id where t.${column} = $1`,
      [key],
    );
    return row?.code;
  };

  const move = (path: string, courseId: string, by: Record<string, string>) =>
    call(server, 'PUT', path, { courseId }, by);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    both = await invitedStaff(server, 'both@college.test', 'teacher');
    courseA = await createdCourse(server, both.headers, 'CS-A');
    courseB = await createdCourse(server, both.headers, 'CS-B');
    teacherA = await invitedStaff(server, 'only.a@college.test', 'teacher', courseA);
    teacherB = await invitedStaff(server, 'only.b@college.test', 'teacher', courseB);
    assistant = await invitedStaff(server, 'assist@college.test', 'assistant', courseA);
    const added = await call(
      server,
      'PUT',
      `${coursePath(courseB)}/staff`,
      { staffId: assistant.id, role: 'assistant' },
      owner,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    for (const id of ['MV-1', 'MV-2', 'MV-3', 'MV-4', 'MV-5', 'MV-6'])
      await addChallenge(server, { ...challengeInput(id), courseId: courseA });
    // A problem in a course `both` has no part in, put in one of A's exams by the owner.
    const courseC = await createdCourse(server, owner, 'CS-C');
    await addChallenge(server, { ...challengeInput('MV-7'), courseId: courseC });
    await createExam(
      server,
      owner,
      examInput('MV-THIRD', [{ points: 10, challengeIds: ['MV-2', 'MV-7'] }], {
        courseId: courseA,
      }),
    );
    await createExam(
      server,
      owner,
      examInput('MV-EXAM', [{ points: 10, challengeIds: ['MV-3', 'MV-4'] }], {
        courseId: courseA,
      }),
    );
    await createExam(
      server,
      owner,
      examInput('MV-KEEP', [{ points: 10, challengeIds: ['MV-5'] }], { courseId: courseA }),
    );
    await createExam(
      server,
      owner,
      examInput(
        'MV-SHARED',
        [
          { points: 10, challengeIds: ['MV-5'] },
          { points: 10, challengeIds: ['MV-6'] },
        ],
        { courseId: courseA },
      ),
    );
  }, bound(120_000));
  afterAll(async () => {
    await server?.close();
  });

  it('lets a teacher of both courses move a challenge, its attempts staying with it', async () => {
    const student = await signUpStudent(server, 'mover@college.test');
    await insertAttempt(server.database.db, {
      userId: student.id,
      challengeId: 'MV-1',
      deadline: new Date(Date.now() + 3_600_000),
      bestScore: 40,
    });
    const listed = await call(server, 'GET', getChallengesPath, undefined, both.headers);
    const row = (listed.body as { challenges: ChallengeSummary[] }).challenges.find(
      (c) => c.challengeId === 'MV-1',
    );
    expect(row?.courseId).toBe(courseA);

    const moved = await move(challengeCoursePath('mv-1'), courseB, both.headers);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({
      message: 'MV-1 moved to CS-B.',
      courseId: courseB,
      movedChallenges: ['MV-1'],
    });
    expect(await courseOf('challenges', 'MV-1')).toBe('CS-B');
    const attempts = await queryRows(
      server,
      `select best_score from attempts where challenge_id = 'MV-1' and user_id = $1`,
      [student.id],
    );
    expect(attempts).toEqual([{ best_score: 40 }]);
    // B's own teacher now has it; A's no longer sees it.
    const forB = await call(server, 'GET', getChallengesPath, undefined, teacherB.headers);
    expect(JSON.stringify(forB.body)).toContain('"MV-1"');
    const forA = await call(server, 'GET', getChallengesPath, undefined, teacherA.headers);
    expect(JSON.stringify(forA.body)).not.toContain('"MV-1"');

    const again = await move(challengeCoursePath('MV-1'), courseB, both.headers);
    expect(again.body).toMatchObject({ message: 'MV-1 is already in CS-B.', movedChallenges: [] });
  });

  it('refuses a teacher of only one of the courses, and an assistant of both', async () => {
    const fromA = await move(challengeCoursePath('MV-2'), courseB, teacherA.headers);
    expect(fromA).toMatchObject({ status: 404, body: { message: courseMessages.courseNotFound } });
    const byB = await move(challengeCoursePath('MV-2'), courseB, teacherB.headers);
    expect(byB).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    const byAssistant = await move(challengeCoursePath('MV-2'), courseB, assistant.headers);
    expect(byAssistant).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    const exam = await move(examCoursePath('MV-EXAM'), courseB, teacherA.headers);
    expect(exam).toMatchObject({ status: 404, body: { message: courseMessages.courseNotFound } });
    const examByAssistant = await move(examCoursePath('MV-EXAM'), courseB, assistant.headers);
    expect(examByAssistant.status).toBe(403);
    const bad = await move(challengeCoursePath('MV-2'), 'x', both.headers);
    expect(bad).toMatchObject({ status: 400, body: { message: courseMessages.invalidCourseId } });
    const nowhere = await move(
      challengeCoursePath('MV-2'),
      '00000000-0000-4000-8000-00000000dead',
      owner,
    );
    expect(nowhere).toMatchObject({
      status: 404,
      body: { message: courseMessages.courseNotFound },
    });
    expect(await courseOf('challenges', 'MV-2')).toBe('CS-A');
  });

  it('moves an exam with its problems, and refuses to split a problem from its exam', async () => {
    const alone = await move(challengeCoursePath('MV-3'), courseB, both.headers);
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      message: sharedProblemMessage(courseMoveMessages.challengeInExam, {
        challengeId: 'MV-3',
        examCode: 'MV-EXAM',
        courseCode: 'CS-A',
      }),
    });
    const moved = await move(examCoursePath('mv-exam'), courseB, both.headers);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({
      message: 'MV-EXAM moved to CS-B, with its problems: MV-3, MV-4.',
      courseId: courseB,
      movedChallenges: ['MV-3', 'MV-4'],
    });
    expect([await courseOf('exams', 'MV-EXAM'), await courseOf('challenges', 'MV-3')]).toEqual([
      'CS-B',
      'CS-B',
    ]);
    const list = await call(server, 'GET', examsPath, undefined, teacherB.headers);
    const exams = (list.body as { exams: ExamSummary[] }).exams;
    expect(exams.map((e) => [e.examCode, e.courseId])).toEqual([['MV-EXAM', courseB]]);
  });

  it('moves nothing when another exam of the old course shares a problem (one transaction)', async () => {
    const refused = await move(examCoursePath('MV-SHARED'), courseB, both.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: sharedProblemMessage(courseMoveMessages.problemShared, {
        challengeId: 'MV-5',
        examCode: 'MV-KEEP',
        courseCode: 'CS-A',
      }),
    });
    expect([
      await courseOf('exams', 'MV-SHARED'),
      await courseOf('challenges', 'MV-5'),
      await courseOf('challenges', 'MV-6'),
    ]).toEqual(['CS-A', 'CS-A', 'CS-A']);
  });

  it('refuses an exam whose problem is in a course the teacher has no part in', async () => {
    const refused = await move(examCoursePath('MV-THIRD'), courseB, both.headers);
    expect(refused).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    expect([
      await courseOf('exams', 'MV-THIRD'),
      await courseOf('challenges', 'MV-2'),
      await courseOf('challenges', 'MV-7'),
    ]).toEqual(['CS-A', 'CS-A', 'CS-C']);
    // The owner may: both problems go to B.
    const moved = await move(examCoursePath('MV-THIRD'), courseB, owner);
    expect(moved.body).toMatchObject({ movedChallenges: ['MV-2', 'MV-7'] });
  });

  it('records each move in the audit log with the course from → to', async () => {
    const page = await call(server, 'GET', `${auditRoute}?target=MV-`, undefined, owner);
    const found = (page.body as { entries: AuditEntry[] }).entries;
    const challengeMove = found.find(
      (e) =>
        e.targetId === `mv-1 / ${courseB}` &&
        e.call === 'PUT /api/admin/challenges/:challengeId/course',
    );
    expect(challengeMove).toMatchObject({
      actorEmail: both.email,
      action: 'challenge.write',
      changes: { course: { from: 'CS-A', to: 'CS-B' }, courseId: courseB },
    });
    const examMove = found.find(
      (e) => e.call === 'PUT /api/admin/exams/:examCode/course' && e.targetId.startsWith('mv-exam'),
    );
    expect(examMove).toMatchObject({
      action: 'exam.write',
      changes: {
        course: { from: 'CS-A', to: 'CS-B' },
        problems: { from: ['MV-3 in CS-A', 'MV-4 in CS-A'], to: ['MV-3 in CS-B', 'MV-4 in CS-B'] },
      },
    });
    // The second move of MV-1 changed nothing: its entry says so by keeping no course change.
    const repeat = found.find((e) => e.targetId === `MV-1 / ${courseB}`);
    expect(repeat?.changes).toEqual({ courseId: courseB });
  });
});
