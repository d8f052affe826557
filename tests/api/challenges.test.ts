import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Challenge, ChallengeInput } from '../../src/contract/challenges.ts';
import { messages } from '../../src/contract/messages.ts';
import { attempts, submissions, testCases } from '../../src/server/db/schema.ts';
import { poolSql } from '../../src/server/db/transaction.ts';
import { refreshStanding } from '../../src/server/submissions/record-result.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { insertAttempt, ownSittingAttemptId } from './insert-attempt.ts';

const challenge = (id: string, overrides: Partial<ChallengeInput> = {}): ChallengeInput => ({
  challengeName: 'Sum of two',
  challengeDesc: 'Read two integers and print their sum.',
  difficultyLev: 'easy',
  score: 100,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeDur: 45,
  challengeId: id,
  language: 'python',
  tags: 'math, warm-up',
  starterCode: 'a, b = map(int, input().split())\n',
  timeLimitMs: 1500,
  memoryLimitMb: 128,
  testCases: [
    { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
    { input: '-5 5\n', expectedOutput: '0\n', hidden: true, weight: 3 },
  ],
  ...overrides,
});

describe.each(databaseKinds)('challenges on %s', (kind) => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    auth = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body?: unknown) => call(server, 'POST', path, body, auth);

  it('creates a challenge with its tests and answers challengeCreated', async () => {
    const res = await post('/api/admin/addChallenge', challenge('SUM-101'));
    expect(res.status).toBe(200);
    const created = (res.body as { challengeCreated: Challenge }).challengeCreated;
    expect(created).toMatchObject({
      challengeId: 'SUM-101',
      timeLimitMs: 1500,
      memoryLimitMb: 128,
    });
    expect(created.testCases).toHaveLength(2);
    const loaded = await post('/api/admin/getChallenge', { challengeId: 'SUM-101' });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual(created);
    expect((loaded.body as Challenge).testCases.map((t) => t.weight)).toEqual([1, 3]);
  });

  it('fills the judge defaults (2 s per test, 256 MB, no starter code)', async () => {
    const {
      starterCode: _s,
      timeLimitMs: _t,
      memoryLimitMb: _m,
      ...bare
    } = challenge('DEFAULTS-1');
    const res = await post('/api/admin/addChallenge', bare);
    expect((res.body as { challengeCreated: Challenge }).challengeCreated).toMatchObject({
      starterCode: '',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
    });
  });

  it('refuses a duplicate test code with 409 and changes nothing', async () => {
    await post('/api/admin/addChallenge', challenge('DUP-1'));
    const again = await post(
      '/api/admin/addChallenge',
      challenge('DUP-1', { challengeName: 'Other' }),
    );
    expect(again).toMatchObject({ status: 409, body: { message: messages.challengeExists } });
    const loaded = await post('/api/admin/getChallenge', { challengeId: 'DUP-1' });
    expect((loaded.body as Challenge).challengeName).toBe('Sum of two');
  });

  it.each([
    ['a missing field', { challengeName: undefined }, messages.enterAllChallengeDetails],
    ['a blank field', { tags: '   ' }, messages.enterAllChallengeDetails],
    ['a bad difficulty', { difficultyLev: 'brutal' }, messages.invalidDifficulty],
    ['a bad language', { language: 'cobol' }, messages.invalidLanguage],
    ['an end before the start', { endDate: '2026-10-01' }, messages.endBeforeStart],
    ['a date that is not a date', { startDate: '2026-13-45' }, messages.invalidDate],
    ['a zero score', { score: 0 }, messages.invalidScore],
    ['a fractional duration', { timeDur: 1.5 }, messages.invalidDuration],
    ['a bad test code', { challengeId: 'no spaces!' }, messages.invalidChallengeId],
    ['no test cases', { testCases: [] }, messages.addTestCase],
  ])('answers 400 with a clear message for %s', async (_label, overrides, message) => {
    const res = await post('/api/admin/addChallenge', { ...challenge('BAD-1'), ...overrides });
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it("asks for an id when loading without one ('Provide a Challenge Id') and 404s an unknown one", async () => {
    expect(await post('/api/admin/getChallenge', {})).toMatchObject({
      status: 400,
      body: { message: messages.provideChallengeId },
    });
    expect(await post('/api/admin/getChallenge', { challengeId: '  ' })).toMatchObject({
      status: 400,
      body: { message: messages.provideChallengeId },
    });
    expect(await post('/api/admin/getChallenge', { challengeId: 'NOPE-404' })).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
  });

  it('updates the fields and replaces the tests in one go', async () => {
    await post('/api/admin/addChallenge', challenge('UPD-1'));
    const res = await post(
      '/api/admin/updateChallenge',
      challenge('UPD-1', {
        challengeName: 'Sum of three',
        difficultyLev: 'medium',
        testCases: [{ input: '1 2 3\n', expectedOutput: '6\n', hidden: true, weight: 2 }],
      }),
    );
    expect(res.status).toBe(200);
    expect((res.body as { challengeUpdated: Challenge }).challengeUpdated).toMatchObject({
      challengeName: 'Sum of three',
      difficultyLev: 'medium',
      testCases: [{ input: '1 2 3\n', expectedOutput: '6\n', hidden: true, weight: 2 }],
    });
    const rows = await server.database.db
      .select()
      .from(testCases)
      .where(eq(testCases.challengeId, 'UPD-1'));
    expect(rows).toHaveLength(1);
    expect(await post('/api/admin/updateChallenge', challenge('GHOST-1'))).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
  });

  it('keeps the old challenge whole when an update is invalid', async () => {
    await post('/api/admin/addChallenge', challenge('KEEP-1'));
    const res = await post('/api/admin/updateChallenge', challenge('KEEP-1', { testCases: [] }));
    expect(res.status).toBe(400);
    const loaded = await post('/api/admin/getChallenge', { challengeId: 'KEEP-1' });
    expect((loaded.body as Challenge).testCases).toHaveLength(2);
  });

  it('deletes a challenge with its tests, attempts and submissions, answering challengeDeleted', async () => {
    await post('/api/admin/addChallenge', challenge('DEL-1'));
    const student = await signUpStudent(server, `del-${kind}@college.test`);
    await insertAttempt(server.database.db, {
      userId: student.id,
      challengeId: 'DEL-1',
      deadline: new Date(),
    });
    await server.database.db.insert(submissions).values({
      userId: student.id,
      challengeId: 'DEL-1',
      sittingAttemptId: await ownSittingAttemptId(server.database.db, student.id, 'DEL-1'),
      language: 'python',
      code: 'print(3)',
      verdict: 'Accepted',
    });
    const res = await post('/api/admin/deleteChallenge?challengeId=DEL-1');
    expect(res.status).toBe(200);
    expect((res.body as { challengeDeleted: Challenge }).challengeDeleted.challengeId).toBe(
      'DEL-1',
    );
    expect(
      await server.database.db.select().from(testCases).where(eq(testCases.challengeId, 'DEL-1')),
    ).toHaveLength(0);
    expect(
      await server.database.db.select().from(attempts).where(eq(attempts.challengeId, 'DEL-1')),
    ).toHaveLength(0);
    expect(
      await server.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.challengeId, 'DEL-1')),
    ).toHaveLength(0);
    expect(await post('/api/admin/deleteChallenge?challengeId=DEL-1')).toMatchObject({
      status: 404,
    });
    expect(await post('/api/admin/deleteChallenge')).toMatchObject({
      status: 400,
      body: { message: messages.provideChallengeId },
    });
  });

  it('lists every challenge for the administrator and only attempted ones, with the best score, for a student', async () => {
    await post('/api/admin/addChallenge', challenge('LIST-1'));
    await post(
      '/api/admin/addChallenge',
      challenge('LIST-2', { startDate: '2026-12-01', endDate: '2026-12-02' }),
    );
    const all = await call(server, 'GET', '/api/user/getChallenges', undefined, auth);
    const ids = (all.body as { challenges: { challengeId: string; testCaseCount: number }[] })
      .challenges;
    expect(ids.map((c) => c.challengeId)).toEqual(expect.arrayContaining(['LIST-1', 'LIST-2']));
    expect(ids.find((c) => c.challengeId === 'LIST-1')?.testCaseCount).toBe(2);

    const student = await signUpStudent(server, `list-${kind}@college.test`);
    const mine = () =>
      call(server, 'GET', '/api/user/getChallenges', undefined, bearer(student.token));
    // With the zone the rows' dates and times are read in (TZ, UTC unless set; issue 32).
    expect((await mine()).body).toEqual({ challenges: [], timeZone: 'UTC' });
    await insertAttempt(server.database.db, {
      userId: student.id,
      challengeId: 'LIST-1',
      deadline: new Date(),
    });
    const sittingAttemptId = await ownSittingAttemptId(server.database.db, student.id, 'LIST-1');
    await server.database.db.insert(submissions).values([
      {
        userId: student.id,
        challengeId: 'LIST-1',
        sittingAttemptId,
        language: 'python',
        code: 'x',
        verdict: 'Wrong Answer',
        score: 25,
      },
      {
        userId: student.id,
        challengeId: 'LIST-1',
        sittingAttemptId,
        language: 'python',
        code: 'y',
        verdict: 'Accepted',
        score: 100,
      },
    ]);
    // As the judge queue does with every result: the attempt keeps the best.
    await refreshStanding(poolSql(server.database.pool), sittingAttemptId, 'LIST-1');
    const listed = (await mine()).body as {
      challenges: { challengeId: string; bestScore: number | null }[];
    };
    expect(listed.challenges).toEqual([
      expect.objectContaining({ challengeId: 'LIST-1', bestScore: 100, testCaseCount: 2 }),
    ]);
    expect((await call(server, 'GET', '/api/user/getChallenges')).status).toBe(401);
  });
});
