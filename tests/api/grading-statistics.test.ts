/**
 * Per-test statistics (issue 34 item 2) against a fixture computed by hand: who passes each test,
 * the verdicts per test, the wrong outputs grouped, the score histogram, for a challenge (each
 * student's best submission of their current attempt, as Results counts it) and for an exam's
 * slot (the submission the exam's scoring counts), narrowed to a section; and refused to another
 * course's teacher (404) and to a student (403). Submissions are written straight into the
 * database (results-fixtures.ts), their outputs too, as the judge would leave them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSectionsRoute } from '../../src/contract/courses.ts';
import { examMessages } from '../../src/contract/exams.ts';
import {
  challengeStatisticsPath,
  examSlotStatisticsPath,
  statisticsMessages,
  type StatisticsResponse,
  type TestStatistics,
} from '../../src/contract/grading-statistics.ts';
import { messages } from '../../src/contract/messages.ts';
import { sectionMessages } from '../../src/contract/results-sections.ts';
import type { Verdict } from '../../src/contract/verdicts.ts';
import {
  createExam,
  examInput,
  openExam,
  seedJudgedInExam,
  seedStudents,
  type ExamStudent,
} from './exam-fixtures.ts';
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
import { seedAttempt, seedChallenge, seedStudent } from './results-fixtures.ts';
import { createdCourse, invitedStaff, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const A: Verdict = 'Accepted';
const WA: Verdict = 'Wrong Answer';

/** What the judge would have kept: stdout per test index. */
async function keepOutputs(server: TestServer, submissionId: string, outputs: [number, string][]) {
  for (const [index, stdout] of outputs)
    await queryRows(
      server,
      `insert into submission_test_outputs
         (submission_id, test_index, stdout, stdout_cut, stderr, stderr_cut)
       values ($1, $2, $3, false, '', false)`,
      [submissionId, index, stdout],
    );
}

/** Index, hidden, judged, passed, verdicts, wrong outputs (sample x count) of every test. */
const summary = (tests: TestStatistics[] | undefined) =>
  (tests ?? []).map((t) => [
    t.index,
    t.hidden,
    t.judged,
    t.passed,
    Object.fromEntries(t.verdicts.map((v) => [v.verdict, v.count])),
    t.wrongOutputs.map((w) => `${JSON.stringify(w.sample)} x${w.count}`),
  ]);

describe.each(databaseKinds)('per-test statistics on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let outsider: StaffSession;
  let student: ExamStudent;
  let sectionId = '';
  const LONG = 'x'.repeat(500);

  const get = (path: string, headers = owner) => call(server, 'GET', path, undefined, headers);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
    const courseId = await createdCourse(server, owner, 'STAT-C');
    const made = await call(
      server,
      'POST',
      courseSectionsRoute.replace(':courseId', courseId),
      { name: 'S1' },
      owner,
    );
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const [section] = await queryRows(server, `select id::text as id from course_sections`);
    sectionId = String(section?.id);

    // Tests: a sample, then two hidden ones (results-fixtures.ts's TESTS).
    await seedChallenge(server, 'STAT-1', 100);
    await queryRows(server, `update challenges set course_id = $1 where challenge_id = 'STAT-1'`, [
      courseId,
    ]);
    const ids: Record<string, string> = {};
    for (const name of ['Asha', 'Bilal', 'Chen', 'Dina', 'Ezra', 'Farid'])
      ids[name] = await seedStudent(server, { name, email: `${name}@stat.test` });
    // Asha and Bilal in section S1.
    for (const name of ['Asha', 'Bilal'])
      await queryRows(
        server,
        `insert into enrolments (course_id, user_id, section_id) values ($1, $2, $3)`,
        [courseId, ids[name], sectionId],
      );
    const seed = async (
      name: string,
      subs: { score: number; tests?: Verdict[]; status?: 'queued' }[],
    ) =>
      (
        await seedAttempt(server, {
          userId: ids[name] ?? '',
          challengeId: 'STAT-1',
          startedAt: new Date(T0),
          submissions: subs.map((s, i) => ({ at: 60 * (i + 1), ...s })),
        })
      ).submissionIds;
    // Asha: full marks. Bilal: 20 then 80 (the 80 counts; its earlier output must not).
    // Chen: 20 with two wrong outputs. Dina: 0, wrong on the sample, out of time and crashing.
    // Ezra opened it without submitting; Farid's only submission is still queued.
    await seed('Asha', [{ score: 100 }]);
    const bilal = await seed('Bilal', [
      { score: 20, tests: [A, WA, WA] },
      { score: 80, tests: [A, A, WA] },
    ]);
    await keepOutputs(server, bilal[0] ?? '', [
      [1, 'EARLIER\n'],
      [2, '12\n'],
    ]);
    await keepOutputs(server, bilal[1] ?? '', [[2, '11\n']]);
    const chen = await seed('Chen', [{ score: 20, tests: [A, WA, WA] }]);
    await keepOutputs(server, chen[0] ?? '', [
      [1, LONG],
      [2, '11\n'],
    ]);
    const dina = await seed('Dina', [
      { score: 0, tests: [WA, 'Time Limit Exceeded', 'Runtime Error'] },
    ]);
    await keepOutputs(server, dina[0] ?? '', [[0, '4\n']]);
    await seed('Ezra', []);
    await seed('Farid', [{ score: 0, status: 'queued' }]);

    // The exam: one slot of 50 points over the same challenge, scored by each student's best.
    await createExam(
      server,
      owner,
      examInput('STAT-X', [{ points: 50, challengeIds: ['STAT-1'] }], { courseId }),
    );
    const sitters = await seedStudents(server, 'statx', 2);
    const [first, second] = sitters;
    if (!first || !second) throw new Error('no exam students');
    student = first;
    const judged = async (who: ExamStudent, score: number, tests: Verdict[], at: number) => {
      await openExam(server, who, 'STAT-X');
      const id = await seedJudgedInExam(server, 'STAT-X', {
        userId: who.id,
        challengeId: 'STAT-1',
        score,
        at: new Date(T0 + at * 1000),
      });
      await queryRows(server, `update submissions set details = $2::jsonb where id = $1`, [
        id,
        JSON.stringify({ maxScore: 100, tests: tests.map((verdict) => ({ verdict })) }),
      ]);
      return id;
    };
    await judged(first, 100, [A, A, A], 60);
    await keepOutputs(server, await judged(first, 40, [A, WA, A], 120), [[1, 'LATER\n']]);
    await keepOutputs(server, await judged(second, 60, [A, A, WA], 60), [[2, '9\n']]);

    const other = await invitedStaff(server, 'other.teacher@stat.test', 'teacher');
    await createdCourse(server, other.headers, 'STAT-O');
    outsider = other;
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
  });

  it("counts each student's best submission: passes, verdicts, grouped wrong outputs, histogram", async () => {
    const res = await get(challengeStatisticsPath('STAT-1'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = res.body as StatisticsResponse;
    expect(body.title).toBe('Results STAT-1');
    expect(body.course?.code).toBe('STAT-C');
    expect(body.challenges).toHaveLength(1);
    const stats = body.challenges[0];
    // Asha, Bilal, Chen and Dina; not Ezra (nothing submitted), not Farid (nothing judged),
    // not the exam's sitters (the same challenge in an exam is the exam's).
    expect(stats?.students).toBe(4);
    expect(stats?.maxScore).toBe(100);
    const long = JSON.stringify('x'.repeat(300));
    expect(summary(stats?.tests)).toEqual([
      [0, false, 4, 3, { Accepted: 3, 'Wrong Answer': 1 }, ['"4\\n" x1']],
      [1, true, 4, 2, { Accepted: 2, 'Wrong Answer': 1, 'Time Limit Exceeded': 1 }, [`${long} x1`]],
      [2, true, 4, 1, { Accepted: 1, 'Wrong Answer': 2, 'Runtime Error': 1 }, ['"11\\n" x2']],
    ]);
    expect(stats?.tests[1]?.wrongOutputs[0]?.shortened).toBe(true);
    expect(stats?.tests[2]?.wrongOutputs[0]?.shortened).toBe(false);
    expect(stats?.tests[2]?.wrongOutputGroups).toBe(1);
    // 0, 20, 80 and 100 out of 100.
    expect(stats?.histogram.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(stats?.histogram[10]).toEqual({ from: 100, to: 100, count: 1 });

    // Section S1: Asha and Bilal only.
    const s1 = await get(challengeStatisticsPath('STAT-1', sectionId));
    expect(s1.status).toBe(200);
    const inSection = (s1.body as StatisticsResponse).challenges[0];
    expect(inSection?.students).toBe(2);
    expect(summary(inSection?.tests)[2]).toEqual([
      2,
      true,
      2,
      1,
      { Accepted: 1, 'Wrong Answer': 1 },
      ['"11\\n" x1'],
    ]);
  });

  it("counts an exam slot by the exam's scoring, its own sitters only", async () => {
    const res = await get(examSlotStatisticsPath('stat-x', 1));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as StatisticsResponse;
    expect(body.exam).toEqual({ examCode: 'STAT-X', title: 'Exam STAT-X', slot: 1 });
    const stats = body.challenges[0];
    expect(stats?.challengeId).toBe('STAT-1');
    expect(stats?.students).toBe(2);
    // The first sitter's 100 counts (best), not their later 40 and its wrong output.
    expect(summary(stats?.tests)).toEqual([
      [0, false, 2, 2, { Accepted: 2 }, []],
      [1, true, 2, 2, { Accepted: 2 }, []],
      [2, true, 2, 1, { Accepted: 1, 'Wrong Answer': 1 }, ['"9\\n" x1']],
    ]);
    expect(stats?.histogram.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    // Nobody of section S1 sat the exam.
    const s1 = await get(examSlotStatisticsPath('STAT-X', 1, sectionId));
    expect((s1.body as StatisticsResponse).challenges[0]?.students).toBe(0);
  });

  it('answers {message}: unknown slot, bad slot, section of no course, another course, a student', async () => {
    expect(await get(examSlotStatisticsPath('STAT-X', 2))).toMatchObject({
      status: 404,
      body: { message: statisticsMessages.slotNotFound },
    });
    expect(await get('/api/admin/exams/STAT-X/slots/first/statistics')).toMatchObject({
      status: 400,
      body: { message: statisticsMessages.invalidSlot },
    });
    expect(await get(challengeStatisticsPath('NOPE-1'))).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    const unknownSection = '00000000-0000-4000-8000-0000000000ff';
    for (const path of [
      challengeStatisticsPath('STAT-1', unknownSection),
      examSlotStatisticsPath('STAT-X', 1, unknownSection),
    ])
      expect(await get(path)).toMatchObject({
        status: 404,
        body: { message: sectionMessages.sectionNotInCourse },
      });
    // Another course's teacher: neither exists for them.
    expect(await get(challengeStatisticsPath('STAT-1'), outsider.headers)).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    expect(await get(examSlotStatisticsPath('STAT-X', 1), outsider.headers)).toMatchObject({
      status: 404,
      body: { message: examMessages.examNotFound },
    });
    // A student: refused, and no output in the answer.
    for (const path of [challengeStatisticsPath('STAT-1'), examSlotStatisticsPath('STAT-X', 1)]) {
      const res = await get(path, student.session);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('11\\n');
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });
});
