// The student's side of exams (issue 31) on both databases, on the server's clock (a test
// clock): step 2's lookup of a typed code, opening an exam in and out of its window, one timer
// for every problem that never runs past the window, pools drawn once per student and kept
// through a teacher's edit and spread evenly over 300 students, the compiler calls under an exam
// (only the student's own drawn problems), finishing, best and last scoring with totals, and the
// same challenge standing apart alone and in two exams.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompilerChallenge, HistoryResponse } from '../../src/contract/compiler.ts';
import {
  examMessages,
  examPath,
  studentExamFinishPath,
  studentExamOpenPath,
  testCodePath,
  type StudentExam,
  type TestCodeResponse,
} from '../../src/contract/exams.ts';
import { messages } from '../../src/contract/messages.ts';
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
  compilerHeaders,
  createExam,
  examInput,
  examSittingAttempt,
  openExam,
  seedJudged,
  seedStudents,
  type ExamStudent,
} from './exam-fixtures.ts';
import { seedChallenge } from './results-fixtures.ts';

const T0 = Date.parse('2026-06-10T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;

describe.each(databaseKinds)('exams, the student’s side, on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = T0;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
    for (const id of ['ES-A', 'ES-B', 'ES-C', 'ES-D', 'ES-E', 'ES-F', 'Es-Alone'])
      await seedChallenge(server, id, id === 'ES-B' ? 50 : 100);
  });
  afterAll(async () => {
    await server?.close();
  });

  const students = async (prefix: string, n = 1) => seedStudents(server, `${prefix}-${kind}`, n);
  const one = async (prefix: string) => {
    const [s] = await students(prefix);
    if (!s) throw new Error('no student');
    return s;
  };
  const compiler = (
    who: ExamStudent,
    challengeId: string,
    examCode: string | undefined,
    path: 'challenge' | 'history' = 'challenge',
  ) =>
    compilerHeaders(server, who, challengeId, examCode).then(({ headers }) =>
      call(
        server,
        'GET',
        `/api/compiler/${path}/${challengeId}${examCode ? `?examCode=${examCode}` : ''}`,
        undefined,
        headers,
      ),
    );

  it('tells what a typed test code names, whatever its case and spaces', async () => {
    await createExam(
      server,
      admin,
      examInput('ES-LOOKUP', [{ points: 1, challengeIds: ['ES-A'] }]),
    );
    const student = await one('lookup');
    const look = (typed: string, who: Record<string, string> = student.session) =>
      call(server, 'GET', `/api/user/testCode/${encodeURIComponent(typed)}`, undefined, who);
    expect(await look('  es-lookup ')).toMatchObject({
      status: 200,
      body: { kind: 'exam', examCode: 'ES-LOOKUP' } satisfies TestCodeResponse,
    });
    expect(await look('ES-ALONE')).toMatchObject({
      status: 200,
      body: { kind: 'challenge', challengeId: 'Es-Alone' } satisfies TestCodeResponse,
    });
    expect(await look('ES-NOTHING')).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    expect(testCodePath(' ES-A ')).toBe('/api/user/testCode/ES-A');
    // An archived exam is no longer a test code to type.
    await call(server, 'POST', `${examPath('ES-LOOKUP')}/archive`, { archived: true }, admin);
    expect((await look('ES-LOOKUP')).status).toBe(404);
    expect((await call(server, 'GET', testCodePath('ES-A'))).status).toBe(401);
    expect((await look('ES-A', admin)).status).toBe(403);
  });

  it('opens an exam only in its window, and never an archived one', async () => {
    const slots = [{ points: 5, challengeIds: ['ES-A'] }];
    await createExam(
      server,
      admin,
      examInput('ES-LATER', slots, { startDate: '2026-06-10', startTime: '11:00' }),
    );
    await createExam(
      server,
      admin,
      examInput('ES-OVER', slots, {
        startDate: '2026-06-09',
        endDate: '2026-06-10',
        endTime: '09:59',
      }),
    );
    await createExam(server, admin, examInput('ES-SHELVED', slots));
    await call(server, 'POST', `${examPath('ES-SHELVED')}/archive`, { archived: true }, admin);
    const student = await one('window');
    const open = (code: string) =>
      call(server, 'POST', studentExamOpenPath(code), undefined, student.session);
    expect(await open('ES-LATER')).toMatchObject({
      status: 403,
      body: { message: examMessages.examNotOpenYet.replace('{date}', '2026-06-10 11:00 (UTC)') },
    });
    expect(await open('ES-OVER')).toMatchObject({
      status: 403,
      body: { message: examMessages.examClosed.replace('{date}', '2026-06-10 09:59 (UTC)') },
    });
    expect(await open('ES-SHELVED')).toMatchObject({
      status: 403,
      body: { message: examMessages.examArchived },
    });
    expect(await open('ES-NONE')).toMatchObject({
      status: 404,
      body: { message: examMessages.examNotFound },
    });
    expect((await call(server, 'POST', studentExamOpenPath('ES-LATER'))).status).toBe(401);
    expect(
      (await call(server, 'POST', studentExamOpenPath('ES-LATER'), undefined, admin)).status,
    ).toBe(403);
  });

  it('keeps one timer for every problem of the exam, never past the window', async () => {
    await createExam(
      server,
      admin,
      examInput(
        'ES-TIMER',
        [
          { points: 10, challengeIds: ['ES-A'] },
          { points: 20, challengeIds: ['ES-B'] },
        ],
        { startDate: '2026-06-10', startTime: '09:00', endDate: '2026-06-10', endTime: '10:59' },
      ),
    );
    const [early, late] = await students('timer', 2);
    if (!early || !late) throw new Error('no students');
    clock = T0;
    const first = await openExam(server, early, 'es-timer');
    expect(first).toMatchObject({
      examCode: 'ES-TIMER',
      startedAt: new Date(T0).toISOString(),
      // 90 minutes from 10:00 would pass the window's end, 11:00.
      deadline: '2026-06-10T11:00:00.000Z',
      serverNow: new Date(T0).toISOString(),
      finishedAt: null,
      totalPoints: 30,
      total: null,
      timeZone: 'UTC',
    });
    expect(first.problems.map((p) => [p.ordinal, p.challengeId, p.state])).toEqual([
      [1, 'ES-A', 'not-opened'],
      [2, 'ES-B', 'not-opened'],
    ]);
    // Problem 1 now, problem 2 twenty minutes later: the timer is the exam's, started once.
    const p1 = await compiler(early, 'ES-A', 'ES-TIMER');
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    clock = T0 + minutes(20);
    const p2 = await compiler(early, 'ES-B', 'ES-TIMER');
    expect(p2.status, JSON.stringify(p2.body)).toBe(200);
    for (const body of [p1.body, p2.body] as CompilerChallenge[])
      expect(body).toMatchObject({
        startedAt: new Date(T0).toISOString(),
        deadline: '2026-06-10T11:00:00.000Z',
      });
    const again = await openExam(server, early, 'ES-TIMER');
    expect(again.startedAt).toBe(new Date(T0).toISOString());
    expect(again.problems.map((p) => p.state)).toEqual(['opened', 'opened']);
    // A student who starts at 10:50 gets the ten minutes left, not 90.
    clock = T0 + minutes(50);
    expect((await openExam(server, late, 'ES-TIMER')).deadline).toBe('2026-06-10T11:00:00.000Z');
    // After the window, a student who started comes back to their attempt.
    clock = T0 + minutes(120);
    expect((await openExam(server, early, 'ES-TIMER')).startedAt).toBe(new Date(T0).toISOString());
    clock = T0;
  });

  it('gives each student one problem per slot, the same on every open and after a pool edit', async () => {
    const slots = [
      { points: 10, challengeIds: ['ES-A'] },
      { points: 20, challengeIds: ['ES-B', 'ES-C', 'ES-D'] },
      { points: 30, challengeIds: ['ES-E', 'ES-F'] },
    ];
    await createExam(server, admin, examInput('ES-POOLS', slots));
    const group = await students('pools', 12);
    const drawn = new Map<string, string[]>();
    for (const s of group) {
      const exam = await openExam(server, s, 'ES-POOLS');
      const ids = exam.problems.map((p) => p.challengeId);
      expect(exam.problems.map((p) => p.ordinal)).toEqual([1, 2, 3]);
      expect(ids[0]).toBe('ES-A');
      expect(['ES-B', 'ES-C', 'ES-D']).toContain(ids[1]);
      expect(['ES-E', 'ES-F']).toContain(ids[2]);
      drawn.set(s.id, ids);
      expect((await openExam(server, s, 'ES-POOLS')).problems.map((p) => p.challengeId)).toEqual(
        ids,
      );
    }
    // The teacher takes the first student's slot-2 problem out of the pool: they keep it.
    const [first] = group;
    if (!first) throw new Error('no student');
    const theirs = drawn.get(first.id)?.[1] ?? '';
    const remaining = ['ES-B', 'ES-C', 'ES-D'].filter((id) => id !== theirs);
    const edited = await call(
      server,
      'PUT',
      examPath('ES-POOLS'),
      examInput(
        'ES-POOLS',
        [slots[0], { points: 25, challengeIds: remaining }, slots[2]].flatMap((s) =>
          s ? [s] : [],
        ),
      ),
      admin,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const s of group) {
      const exam = await openExam(server, s, 'ES-POOLS');
      expect(exam.problems.map((p) => p.challengeId)).toEqual(drawn.get(s.id));
      expect(exam.problems[1]?.points).toBe(25);
    }
    const newcomer = await one('pools-new');
    const theirsNew = (await openExam(server, newcomer, 'ES-POOLS')).problems[1]?.challengeId;
    expect(remaining).toContain(theirsNew);
  });

  // The rule's evenness over 2,000 draws is exam-draw.test.ts's; here the stored draws of 80
  // students opening through the server (each pool problem ≥ 5: a chance below 1 in 10,000 of
  // failing by the hash's spread alone).
  it('spreads 80 students roughly evenly over a pool', async () => {
    const pool = ['ES-B', 'ES-C', 'ES-D', 'ES-E'];
    await createExam(server, admin, examInput('ES-SPREAD', [{ points: 10, challengeIds: pool }]));
    const crowd = await students('spread', 80);
    for (let i = 0; i < crowd.length; i += 10)
      await Promise.all(crowd.slice(i, i + 10).map((s) => openExam(server, s, 'ES-SPREAD')));
    const counts = await queryRows(
      server,
      `select d.challenge_id, count(*)::int as n from exam_draws d
         join sitting_attempts sa on sa.id = d.sitting_attempt_id
         join exams e on e.sitting_id = sa.sitting_id
        where e.code = 'ES-SPREAD' group by d.challenge_id`,
    );
    expect(counts.reduce((sum, r) => sum + Number(r.n), 0)).toBe(80);
    expect(counts.map((r) => r.challenge_id).sort()).toEqual(pool);
    for (const r of counts) expect(Number(r.n)).toBeGreaterThanOrEqual(5);
  });

  it('opens under an exam only the student’s own drawn problems, after the exam’s screen', async () => {
    await createExam(
      server,
      admin,
      examInput('ES-GATE', [
        { points: 10, challengeIds: ['ES-A'] },
        { points: 10, challengeIds: ['ES-B', 'ES-C'] },
      ]),
    );
    const student = await one('gate');
    // Not started from the exam's screen yet.
    expect(await compiler(student, 'ES-A', 'ES-GATE')).toMatchObject({
      status: 403,
      body: { message: examMessages.openExamFirst },
    });
    const exam = await openExam(server, student, 'ES-GATE');
    const mine = exam.problems[1]?.challengeId ?? '';
    const other = mine === 'ES-B' ? 'ES-C' : 'ES-B';
    const { headers, url } = await compilerHeaders(server, student, mine, 'es-gate');
    // The page's address names the exam as stored, before the token's fragment.
    expect(url).toMatch(/\?appKey=[^#]+&exam=ES-GATE#token=/);
    for (const refused of [other, 'ES-D']) {
      expect(await compiler(student, refused, 'ES-GATE')).toMatchObject({
        status: 403,
        body: { message: examMessages.problemNotInExam },
      });
      expect(await compiler(student, refused, 'ES-GATE', 'history')).toMatchObject({
        status: 403,
      });
      for (const path of ['/api/compiler/run', '/api/compiler/submit'])
        expect(
          await call(
            server,
            'POST',
            path,
            { challengeId: refused, code: 'print(1)', examCode: 'ES-GATE' },
            headers,
          ),
          `${path} ${refused}`,
        ).toMatchObject({ status: 403, body: { message: examMessages.problemNotInExam } });
    }
    const opened = await compiler(student, mine, 'ES-GATE');
    expect(opened.status).toBe(200);
    // Nothing of the other pool problem leaks: not its statement, not a standing.
    expect(JSON.stringify(opened.body)).not.toContain(other);
    const standings = await queryRows(
      server,
      `select challenge_id from attempts where user_id = $1 order by challenge_id`,
      [student.id],
    );
    expect(standings.map((r) => r.challenge_id)).toEqual([mine]);
    // An exam that does not exist: refused by getToken and by the compiler calls alike.
    const unknown = { message: examMessages.examNotFound };
    expect(
      await call(
        server,
        'POST',
        '/api/user/getToken',
        { email: student.email, name: student.name, challengeId: mine, examCode: 'ES-NO-EXAM' },
        student.session,
      ),
    ).toMatchObject({ status: 404, body: unknown });
    expect(
      await call(
        server,
        'GET',
        `/api/compiler/challenge/${mine}?examCode=ES-NO-EXAM`,
        undefined,
        headers,
      ),
    ).toMatchObject({ status: 404, body: unknown });
  });

  it('ends the exam at Finish: Run and Submit refuse, an offline one made before still counts', async () => {
    await createExam(
      server,
      admin,
      examInput('ES-FINISH', [{ points: 10, challengeIds: ['ES-A'] }]),
    );
    const student = await one('finish');
    clock = T0;
    expect(
      await call(server, 'POST', studentExamFinishPath('ES-FINISH'), undefined, student.session),
    ).toMatchObject({ status: 403, body: { message: examMessages.openExamFirst } });
    await openExam(server, student, 'ES-FINISH');
    const { headers } = await compilerHeaders(server, student, 'ES-A', 'ES-FINISH');
    const submit = (extra: Record<string, unknown> = {}) =>
      call(
        server,
        'POST',
        '/api/compiler/submit',
        { challengeId: 'ES-A', code: 'print(3)', examCode: 'ES-FINISH', ...extra },
        headers,
      );
    expect((await submit()).status).toBe(202);
    clock = T0 + minutes(10);
    const finished = await call(
      server,
      'POST',
      studentExamFinishPath('ES-FINISH'),
      undefined,
      student.session,
    );
    expect(finished.status).toBe(200);
    const finishedAt = new Date(T0 + minutes(10)).toISOString();
    expect((finished.body as StudentExam).finishedAt).toBe(finishedAt);
    clock = T0 + minutes(11);
    // Finishing twice changes nothing.
    const twice = await call(
      server,
      'POST',
      studentExamFinishPath('ES-FINISH'),
      undefined,
      student.session,
    );
    expect((twice.body as StudentExam).finishedAt).toBe(finishedAt);
    expect(await submit()).toMatchObject({
      status: 403,
      body: { message: examMessages.examFinished },
    });
    expect(
      await call(
        server,
        'POST',
        '/api/compiler/run',
        { challengeId: 'ES-A', code: 'print(3)', examCode: 'ES-FINISH', stdin: '' },
        headers,
      ),
    ).toMatchObject({ status: 403, body: { message: examMessages.examFinished } });
    // Queued offline a minute before the finish, sent a minute after: it counts.
    const queued = await submit({
      submissionId: crypto.randomUUID(),
      queuedAt: new Date(T0 + minutes(9)).toISOString(),
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    // One made after the finish does not, whatever it claims about being offline.
    expect(
      await submit({
        submissionId: crypto.randomUUID(),
        queuedAt: new Date(T0 + minutes(10.5)).toISOString(),
      }),
    ).toMatchObject({ status: 403, body: { message: examMessages.examFinished } });
    // The page shows the exam's time as over.
    const page = (await compiler(student, 'ES-A', 'ES-FINISH')).body as CompilerChallenge;
    expect(page.deadline).toBe(finishedAt);
    clock = T0;
  });

  it('scores each slot by the exam’s rule, scaled to its points, and adds the total', async () => {
    const slots = [
      { points: 40, challengeIds: ['ES-A'] },
      // ES-B's own maximum is 50: its scores scale by 30/50.
      { points: 30, challengeIds: ['ES-B'] },
      { points: 30, challengeIds: ['ES-C'] },
    ];
    await createExam(server, admin, examInput('ES-BEST', slots, { scoring: 'best' }));
    await createExam(server, admin, examInput('ES-LAST', slots, { scoring: 'last' }));
    const student = await one('scores');
    for (const code of ['ES-BEST', 'ES-LAST']) {
      await openExam(server, student, code);
      const sittingAttemptId = await examSittingAttempt(server, student.id, code);
      const seed = (challengeId: string, score: number, minute: number) =>
        seedJudged(server, {
          userId: student.id,
          sittingAttemptId,
          challengeId,
          score,
          at: new Date(T0 + minutes(minute)),
        });
      await seed('ES-A', 40, 1);
      await seed('ES-A', 80, 2);
      await seed('ES-A', 60, 3);
      await seed('ES-B', 25, 4);
    }
    // ES-C opened under ES-BEST only, never submitted.
    expect((await compiler(student, 'ES-C', 'ES-BEST')).status).toBe(200);
    const best = await openExam(server, student, 'ES-BEST');
    expect(best.problems.map((p) => [p.challengeId, p.state, p.submissionCount, p.score])).toEqual([
      ['ES-A', 'submitted', 3, 32],
      ['ES-B', 'submitted', 1, 15],
      ['ES-C', 'opened', 0, null],
    ]);
    expect(best.total).toBe(47);
    const last = await openExam(server, student, 'ES-LAST');
    expect(last.problems.map((p) => [p.challengeId, p.state, p.score])).toEqual([
      ['ES-A', 'submitted', 24],
      ['ES-B', 'submitted', 15],
      ['ES-C', 'not-opened', null],
    ]);
    expect(last.total).toBe(39);
    // The same challenges on their own: untouched by either exam.
    const alone = await compiler(student, 'ES-A', undefined);
    expect(alone).toMatchObject({ status: 200, body: { bestScore: null, submissionCount: 0 } });
    expect((alone.body as CompilerChallenge).deadline).not.toBe(best.deadline);
    const history = (await compiler(student, 'ES-A', 'ES-BEST', 'history')).body as HistoryResponse;
    expect(history.submissions.map((s) => s.score)).toEqual([60, 80, 40]);
    const aloneHistory = (await compiler(student, 'ES-A', undefined, 'history'))
      .body as HistoryResponse;
    expect(aloneHistory.submissions).toEqual([]);
  });
});
