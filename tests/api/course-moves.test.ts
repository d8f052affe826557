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
  }, 120_000);
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

    const moved = await call(
      server,
      'PUT',
      challengeCoursePath('mv-1'),
      { courseId: courseB },
      both.headers,
    );
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

    const again = await call(
      server,
      'PUT',
      challengeCoursePath('MV-1'),
      { courseId: courseB },
      both.headers,
    );
    expect(again.body).toMatchObject({ message: 'MV-1 is already in CS-B.', movedChallenges: [] });
  });

  it('refuses a teacher of only one of the courses, and an assistant of both', async () => {
    const intoB = { courseId: courseB };
    const fromA = await call(server, 'PUT', challengeCoursePath('MV-2'), intoB, teacherA.headers);
    expect(fromA).toMatchObject({ status: 404, body: { message: courseMessages.courseNotFound } });
    const byB = await call(server, 'PUT', challengeCoursePath('MV-2'), intoB, teacherB.headers);
    expect(byB).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    const byAssistant = await call(
      server,
      'PUT',
      challengeCoursePath('MV-2'),
      intoB,
      assistant.headers,
    );
    expect(byAssistant).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    const exam = await call(server, 'PUT', examCoursePath('MV-EXAM'), intoB, teacherA.headers);
    expect(exam).toMatchObject({ status: 404, body: { message: courseMessages.courseNotFound } });
    const examByAssistant = await call(
      server,
      'PUT',
      examCoursePath('MV-EXAM'),
      intoB,
      assistant.headers,
    );
    expect(examByAssistant.status).toBe(403);
    const bad = await call(
      server,
      'PUT',
      challengeCoursePath('MV-2'),
      { courseId: 'x' },
      both.headers,
    );
    expect(bad).toMatchObject({ status: 400, body: { message: courseMessages.invalidCourseId } });
    const nowhere = await call(
      server,
      'PUT',
      challengeCoursePath('MV-2'),
      { courseId: '00000000-0000-4000-8000-00000000dead' },
      owner,
    );
    expect(nowhere).toMatchObject({
      status: 404,
      body: { message: courseMessages.courseNotFound },
    });
    expect(await courseOf('challenges', 'MV-2')).toBe('CS-A');
  });

  it('moves an exam with its problems, and refuses to split a problem from its exam', async () => {
    const alone = await call(
      server,
      'PUT',
      challengeCoursePath('MV-3'),
      { courseId: courseB },
      both.headers,
    );
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      message: courseMoveMessages.challengeInExam
        .replace('{challengeId}', 'MV-3')
        .replace('{examCode}', 'MV-EXAM')
        .replace('{code}', 'CS-A'),
    });
    const moved = await call(
      server,
      'PUT',
      examCoursePath('mv-exam'),
      { courseId: courseB },
      both.headers,
    );
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
    const refused = await call(
      server,
      'PUT',
      examCoursePath('MV-SHARED'),
      { courseId: courseB },
      both.headers,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: courseMoveMessages.problemShared
        .replace('{challengeId}', 'MV-5')
        .replaceAll('{examCode}', 'MV-KEEP')
        .replace('{code}', 'CS-A'),
    });
    expect([
      await courseOf('exams', 'MV-SHARED'),
      await courseOf('challenges', 'MV-5'),
      await courseOf('challenges', 'MV-6'),
    ]).toEqual(['CS-A', 'CS-A', 'CS-A']);
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
    const examMove = found.find((e) => e.call === 'PUT /api/admin/exams/:examCode/course');
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
