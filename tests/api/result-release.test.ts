// Release of results (issue 34 item 5) through the API: until a challenge's or an exam's results
// are released, every student call that could carry a score, a verdict of hidden tests or
// feedback answers without them, whatever the client adds to its request; the samples stay.
// `immediate` (no rule) is today's behaviour, `after_end` releases when the window ends (the test
// clock moves past it), `manual` when staff press Release. Staff of the course (an assistant
// too) set and release; a teacher of another course cannot; the audit log records both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompilerChallenge,
  HistoryResponse,
  SubmissionState,
} from '../../src/contract/compiler.ts';
import type { ChallengeSummary } from '../../src/contract/challenges.ts';
import type { StudentExam } from '../../src/contract/exams.ts';
import {
  releasePath,
  type ReleaseMode,
  type ReleaseState,
  type ReleaseTarget,
} from '../../src/contract/result-release.ts';
import { gradePath } from '../../src/contract/grading.ts';
import { submissionFeedbackPath } from '../../src/contract/submission-feedback.ts';
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
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import {
  compilerHeaders,
  createExam,
  examInput,
  examSittingAttempt,
  openExam,
  seedStudents,
  seedJudged,
  type ExamStudent,
} from './exam-fixtures.ts';
import { teachingTeam, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

const NOTE = 'Feedback-marker-7781';
/** Extras a client might add to ask for more than it may see. */
const GREEDY = 'released=true&includeScores=1&hidden=all&feedback=1';

/** What one student answer shows: a score, a verdict, feedback. Null: nothing of it. */
type Shown = { score: number | null; verdict: string | null; feedback: boolean };

const shownState = (body: unknown): Shown => {
  const state = body as SubmissionState;
  if (state.status === 'withheld') {
    expect(state.samples.length, 'the samples stay visible').toBeGreaterThan(0);
    return { score: null, verdict: null, feedback: false };
  }
  if (state.status !== 'judged') throw new Error(`unexpected ${JSON.stringify(body)}`);
  return { score: state.score, verdict: state.verdict, feedback: false };
};

const shownHistory = (body: unknown): Shown => {
  const [entry] = (body as HistoryResponse).submissions;
  if (!entry) throw new Error('no history');
  expect(entry.samples.length, 'the samples stay visible').toBeGreaterThan(0);
  if (entry.verdict === null) expect(entry.hidden.passed).toBe(0);
  return { score: entry.score, verdict: entry.verdict, feedback: entry.feedback !== undefined };
};

describe.each(databaseKinds)('release of results on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;
  let teacher: StaffSession;
  let assistant: StaffSession;
  let outsider: StaffSession;
  let student: Student;
  const submissionOf = new Map<string, string>();
  /** Null: the real clock. */
  let clock: number | null = null;

  /** Every student call about a challenge sat alone, each reduced to what it shows. */
  const challengeCalls = (challengeId: string) => {
    const compiler = (method: string, path: string, body?: unknown) =>
      call(server, method, path, body, student.compiler);
    const id = submissionOf.get(challengeId) ?? '';
    return [
      {
        name: 'statement (best score)',
        ask: () => compiler('GET', `/api/compiler/challenge/${challengeId}?${GREEDY}`),
        shown: (body: unknown): Shown => {
          const c = body as CompilerChallenge;
          return { score: c.bestScore, verdict: null, feedback: false };
        },
      },
      {
        name: 'result',
        ask: () => compiler('GET', `/api/compiler/result/${id}?${GREEDY}`),
        shown: shownState,
      },
      {
        name: 'submit sent again',
        ask: () =>
          compiler('POST', '/api/compiler/submit', {
            challengeId,
            code: solutions.python.correct,
            submissionId: id,
            released: true,
          }),
        shown: shownState,
      },
      {
        name: 'history',
        ask: () => compiler('GET', `/api/compiler/history/${challengeId}?${GREEDY}`),
        shown: shownHistory,
      },
      {
        name: "the student's list of challenges",
        ask: () =>
          call(server, 'GET', `/api/user/getChallenges?${GREEDY}`, undefined, student.session),
        shown: (body: unknown): Shown => {
          const row = (body as { challenges: ChallengeSummary[] }).challenges.find(
            (c) => c.challengeId === challengeId,
          );
          return { score: row?.bestScore ?? null, verdict: null, feedback: false };
        },
      },
    ];
  };

  /** Asks every call; each must show a score (and the feedback where it has any) or nothing. */
  async function expectEveryCall(challengeId: string, released: boolean) {
    for (const c of challengeCalls(challengeId)) {
      const res: JsonResponse = await c.ask();
      expect(res.status, `${challengeId} ${c.name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      const shown = c.shown(res.body);
      const text = JSON.stringify(res.body);
      if (released) {
        expect(shown.score, `${challengeId} ${c.name}`).toBe(100);
        if (c.name === 'history') expect(shown.feedback, c.name).toBe(true);
      } else {
        expect(shown, `${challengeId} ${c.name}`).toEqual({
          score: null,
          verdict: null,
          feedback: false,
        });
        expect(text, `${challengeId} ${c.name}`).not.toContain(NOTE);
        expect(text, `${challengeId} ${c.name}`).not.toContain('"Accepted","passed"');
      }
    }
  }

  const setRule = (target: ReleaseTarget, mode: ReleaseMode, who = teacher.headers) =>
    call(server, 'PUT', releasePath(target), { mode }, who);
  const release = (target: ReleaseTarget, who = teacher.headers) =>
    call(server, 'POST', releasePath(target, true), undefined, who);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv, {
      now: () => (clock === null ? new Date() : new Date(clock)),
    });
    owner = bearer(await adminToken(server));
    const team = await teachingTeam(server, 'REL');
    ({ teacher, assistant, outsider } = team);
    const { courseId } = team;
    for (const id of ['REL-NOW', 'REL-MAN', 'REL-END'])
      await addChallenge(
        server,
        challengeInput(id, {
          courseId,
          ...(id === 'REL-END' ? { endDate: '2030-01-01' } : {}),
        }),
      );
    student = await signInStudent(server, 'rel.student@college.test', 'REL-NOW');
    for (const id of ['REL-NOW', 'REL-MAN', 'REL-END']) {
      const sent = await submitAndWait(server, student, {
        challengeId: id,
        code: solutions.python.correct,
      });
      expect(sent.final?.status, JSON.stringify(sent.final)).toBe('judged');
      const submissionId = sent.final?.submissionId ?? '';
      submissionOf.set(id, submissionId);
      const noted = await call(
        server,
        'PUT',
        submissionFeedbackPath(submissionId),
        { markdown: `${NOTE} **well done**` },
        teacher.headers,
      );
      expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    }
  }, bound(120_000));
  afterAll(async () => {
    await server?.close();
  });

  it('shows results at once by default (immediate), as before', async () => {
    const state = await call(
      server,
      'GET',
      releasePath({ kind: 'challenge', challengeId: 'REL-NOW' }),
      undefined,
      owner,
    );
    expect(state.body).toMatchObject({ mode: 'immediate', released: true, releasedAt: null });
    await expectEveryCall('REL-NOW', true);
  });

  it('holds every call back under manual until Release, then shows everything', async () => {
    const target: ReleaseTarget = { kind: 'challenge', challengeId: 'REL-MAN' };
    const set = await setRule(target, 'manual', assistant.headers);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ mode: 'manual', released: false });
    // A grade given by hand (issue 34 item 3) is held back with the scores.
    const graded = await call(
      server,
      'PUT',
      gradePath('REL-MAN', student.id),
      { part: 'score', kind: 'absolute', value: 73, reason: 'Hard-coded the answer' },
      assistant.headers,
    );
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    await expectEveryCall('REL-MAN', false);
    const held = await call(
      server,
      'GET',
      '/api/compiler/history/REL-MAN',
      undefined,
      student.compiler,
    );
    expect((held.body as HistoryResponse).grade).toBeUndefined();
    // A Submit judged while held back answers `withheld` at once too.
    const fresh = await submitAndWait(server, student, {
      challengeId: 'REL-MAN',
      code: solutions.python.correct,
    });
    expect(fresh.final?.status).toBe('withheld');

    const released = await release(target, assistant.headers);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((released.body as ReleaseState).released).toBe(true);
    // The newest submission (the one just sent) has no feedback; the history's first is it.
    const history = await call(
      server,
      'GET',
      '/api/compiler/history/REL-MAN',
      undefined,
      student.compiler,
    );
    const entries = (history.body as HistoryResponse).submissions;
    expect(entries.map((e) => e.score)).toEqual([100, 100]);
    expect(entries[1]?.feedback?.note?.markdown).toContain(NOTE);
    expect(entries.every((e) => e.released === undefined)).toBe(true);
    expect((history.body as HistoryResponse).grade?.finalScore).toBe(73);
  });

  it('releases after_end when the window ends, on the server clock', async () => {
    const target: ReleaseTarget = { kind: 'challenge', challengeId: 'REL-END' };
    expect((await setRule(target, 'after_end')).status).toBe(200);
    await expectEveryCall('REL-END', false);
    const state = await call(server, 'GET', releasePath(target), undefined, teacher.headers);
    expect(state.body).toMatchObject({ mode: 'after_end', released: false });
    expect((state.body as ReleaseState).endsAt).toBe('2030-01-02T00:00:00.000Z');
    clock = Date.parse('2030-01-01T23:59:59Z');
    const history = await call(
      server,
      'GET',
      '/api/compiler/history/REL-END',
      undefined,
      student.compiler,
    );
    expect(shownHistory(history.body).score).toBeNull();
    clock = Date.parse('2030-01-02T00:00:00Z');
    try {
      for (const c of challengeCalls('REL-END').filter(
        (c) => c.name !== 'statement (best score)',
      )) {
        // The window is over: the statement call refuses, the rest answer with the results.
        const res = await c.ask();
        expect(res.status, c.name).toBeLessThan(300);
        expect(c.shown(res.body).score, c.name).toBe(100);
      }
    } finally {
      clock = null;
    }
  });

  it('holds back the exam screen and its problems under the exam’s own rule', async () => {
    await createExam(server, owner, examInput('RELX', [{ points: 10, challengeIds: ['REL-NOW'] }]));
    const [examStudent] = (await seedStudents(server, 'relx', 1)) as [ExamStudent];
    await openExam(server, examStudent, 'RELX');
    const sittingAttemptId = await examSittingAttempt(server, examStudent.id, 'RELX');
    await seedJudged(server, {
      userId: examStudent.id,
      sittingAttemptId,
      challengeId: 'REL-NOW',
      score: 100,
      at: new Date(),
    });
    const exam = { kind: 'exam', examCode: 'RELX' } as const;
    // The exam is the owner's default course: the teacher of REL-C cannot touch it.
    expect((await setRule(exam, 'manual', teacher.headers)).status).toBe(404);
    expect((await setRule(exam, 'manual', owner)).status).toBe(200);
    const { headers } = await compilerHeaders(server, examStudent, 'REL-NOW', 'RELX');
    const examCalls = [
      async () => {
        const screen = await openExam(server, examStudent, 'RELX');
        return { total: screen.total, scores: screen.problems.map((p) => p.score) };
      },
      async () => {
        const res = await call(
          server,
          'GET',
          `/api/compiler/history/REL-NOW?examCode=RELX&${GREEDY}`,
          undefined,
          headers,
        );
        const [entry] = (res.body as HistoryResponse).submissions;
        return { total: null, scores: [entry?.score ?? null] };
      },
    ];
    for (const ask of examCalls) expect(await ask()).toEqual({ total: null, scores: [null] });
    // The same challenge sat alone keeps its own rule (immediate).
    await expectEveryCall('REL-NOW', true);
    expect((await release(exam, owner)).status).toBe(200);
    const screen: StudentExam = await openExam(server, examStudent, 'RELX');
    expect(screen.total).toBe(10);
    expect(screen.problems.map((p) => p.score)).toEqual([10]);
  });

  it('refuses other courses, students and bad modes; records rule and release in the audit log', async () => {
    const target: ReleaseTarget = { kind: 'challenge', challengeId: 'REL-NOW' };
    expect((await setRule(target, 'manual', outsider.headers)).status).toBe(404);
    expect((await release(target, outsider.headers)).status).toBe(404);
    expect((await setRule(target, 'manual', student.session)).status).toBe(403);
    const bad = await call(server, 'PUT', releasePath(target), { mode: 'later' }, teacher.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('message');
    const entries = await queryRows(
      server,
      `select action, call, target_id, actor_email, changes from audit_log
        where call like '%/release%' order by id`,
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'grading.write',
          call: 'PUT /api/admin/challenges/:challengeId/release',
          target_id: 'REL-MAN',
          actor_email: 'rel.assistant@college.test',
          changes: { mode: { from: 'immediate', to: 'manual' } },
        }),
        expect.objectContaining({
          action: 'grading.write',
          call: 'POST /api/admin/challenges/:challengeId/release/now',
          target_id: 'REL-MAN',
        }),
      ]),
    );
  });
});
