import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import {
  RESULTS_SORT_COLUMNS,
  resultsPath,
  studentSubmissionsPath,
  toSearchParams,
  type ResultsQuery,
  resultsResponseSchema,
  type ResultsResponse,
  type ResultsRow,
  type ResultsSortColumn,
  type StudentSubmissionsResponse,
} from '../../src/contract/results.ts';
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
import {
  HIDDEN_INPUT,
  HIDDEN_OUTPUT,
  seedAttempt,
  seedChallenge,
  seedStudent,
} from './results-fixtures.ts';
import { insertAttempt } from './insert-attempt.ts';
import { bound } from './bounds.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const INJECTED = '=HYPERLINK("http://x","y")';

type Sortable = string | number | null;

/** The value the server sorts a row by, as the contract describes it. */
function sortValue(row: ResultsRow, column: ResultsSortColumn): Sortable {
  const lower = (v: string | null) => (v === null ? null : v.toLowerCase());
  switch (column) {
    case 'name':
      return lower(row.name);
    case 'email':
      return row.email;
    case 'year':
      return lower(row.year);
    case 'branch':
      return lower(row.branch);
    case 'college':
      return lower(row.college);
    case 'startedAt':
      return row.startedAt;
    case 'deadline':
      return row.deadline;
    case 'timeUsed':
      return row.timeUsedSeconds;
    case 'submissions':
      return row.started ? row.submissions : null;
    case 'bestScore':
      return row.bestScore;
    case 'bestVerdict':
      return row.bestVerdict;
    case 'lastSubmissionAt':
      return row.lastSubmissionAt;
  }
}

/** Nulls last in both directions, ties by user id in the sort's direction. */
function expectedOrder(rows: ResultsRow[], column: ResultsSortColumn, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: Sortable, b: Sortable) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  return [...rows]
    .sort((a, b) => {
      const va = sortValue(a, column);
      const vb = sortValue(b, column);
      if (va === null || vb === null) {
        if (va !== vb) return cmp(va, vb);
      } else if (va !== vb) return sign * cmp(va, vb);
      return sign * (a.userId < b.userId ? -1 : 1);
    })
    .map((r) => r.userId);
}

describe.each(databaseKinds)('GET /api/admin/results/:challengeId on %s', (kind) => {
  let server: TestServer;
  let auth: Record<string, string>;
  const ids: Record<string, string> = {};

  const get = (path: string, headers: Record<string, string> = {}) =>
    call(server, 'GET', path, undefined, { ...auth, ...headers });
  const results = async (challengeId: string, query: ResultsQuery = {}) => {
    const res = await get(`${resultsPath(challengeId)}?${toSearchParams(query)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Exactly the contract's shape: the server writes this JSON without the schema (etag.ts's
    // sendPolled), so a field the schema would strip or a wrong type would show here.
    expect(resultsResponseSchema.parse(res.body)).toEqual(res.body);
    return res.body as ResultsResponse;
  };
  /** Every page of a query, following nextCursor. */
  const allPages = async (challengeId: string, query: ResultsQuery) => {
    const rows: ResultsRow[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await results(challengeId, { ...query, cursor });
      rows.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { rows, pages };
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    auth = bearer(await adminToken(server));
    await seedChallenge(server, 'RES-A');
    await seedChallenge(server, 'RES-E');
    await seedChallenge(server, 'RES-P', 80);
    const student = async (key: string, s: Parameters<typeof seedStudent>[1]) => {
      ids[key] = await seedStudent(server, s);
      return ids[key];
    };
    const A = 'RES-A';
    await seedAttempt(server, {
      userId: await student('asha', {
        name: 'Asha Rao',
        email: 'asha@college.test',
        year: '2',
        branch: 'CSE',
        college: 'GEC',
        claimed: true,
      }),
      challengeId: A,
      startedAt: at(0),
      submissions: [
        { at: 600, score: 40, tests: ['Accepted', 'Wrong Answer', 'Accepted'] },
        { at: 1200, score: 100 },
      ],
    });
    await seedAttempt(server, {
      userId: await student('bala', {
        name: 'bala',
        email: 'bala@college.test',
        year: '3',
        branch: 'ECE',
        college: 'GEC',
      }),
      challengeId: A,
      startedAt: at(1),
      submissions: [{ at: 300, score: 40, tests: ['Accepted', 'Wrong Answer', 'Accepted'] }],
    });
    await seedAttempt(server, {
      userId: await student('chitra', {
        name: 'Chitra',
        email: 'chitra@college.test',
        year: '2',
        branch: 'CSE',
        college: 'MIT',
      }),
      challengeId: A,
      startedAt: at(2),
      submissions: [{ at: 300, score: 40, tests: ['Accepted', 'Wrong Answer', 'Accepted'] }],
    });
    await seedAttempt(server, {
      userId: await student('dev', {
        name: 'dev',
        email: 'dev@college.test',
        branch: 'CSE',
        college: 'GEC',
      }),
      challengeId: A,
      startedAt: at(3),
    });
    await seedAttempt(server, {
      userId: await student('esha', {
        name: 'Esha',
        email: 'esha@college.test',
        year: '4',
        branch: 'ECE',
        college: 'MIT',
      }),
      challengeId: A,
      startedAt: at(1),
      submissions: [{ at: 100, score: 0, status: 'queued' }],
    });
    await seedAttempt(server, {
      userId: await student('inject', {
        name: INJECTED,
        email: 'inject@college.test',
        year: '1',
        branch: 'CSE',
        college: 'GEC',
      }),
      challengeId: A,
      startedAt: at(4),
      submissions: [{ at: 900, score: 75, tests: ['Accepted', 'Accepted', 'Wrong Answer'] }],
    });
    await seedAttempt(server, {
      userId: await student('hari', {
        name: 'hari',
        email: 'hari@college.test',
        year: '3',
        branch: 'CSE',
        college: 'GEC',
      }),
      challengeId: A,
      startedAt: at(0),
      // After the 60-minute deadline (in the offline allowance): time used stops at the deadline.
      submissions: [{ at: 4000, score: 100 }],
    });
    await student('farid', {
      name: 'Farid',
      email: 'farid@college.test',
      year: '2',
      branch: 'CSE',
      college: 'GEC',
    });
    await student('gita', {
      name: 'Gita',
      email: 'gita@college.test',
      year: '2',
      branch: 'ECE',
      college: 'MIT',
      claimed: true,
    });
    // RES-P: exactly 50 students, all on the same best score (ties everywhere).
    for (let i = 0; i < 50; i++) {
      const id = await seedStudent(server, {
        name: `Pupil ${String(i).padStart(2, '0')}`,
        email: `pupil${i}@college.test`,
        branch: 'MECH',
      });
      await seedAttempt(server, {
        userId: id,
        challengeId: 'RES-P',
        startedAt: at(10),
        submissions: [{ at: 60, score: 40 }],
      });
    }
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without a token and 403 with a student token, on every call', async () => {
    const student = await signUpStudent(server, 'nosy@college.test');
    const paths = [
      resultsPath('RES-A'),
      studentSubmissionsPath('RES-A', ids.asha ?? ''),
      `${resultsPath('RES-A')}/export.xlsx`,
      `${resultsPath('RES-A')}/export.csv`,
      // The gradebook export of everyone on the roster (issue 30) is as closed as the view's.
      `${resultsPath('RES-A')}/export.xlsx?scope=roster`,
      '/api/admin/students',
      '/api/admin/students/filter-options',
    ];
    for (const path of paths) {
      const anonymous = await call(server, 'GET', path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toEqual({ message: messages.unauthorized });
      const asStudent = await call(server, 'GET', path, undefined, bearer(student.token));
      expect(asStudent.status, path).toBe(403);
      expect(asStudent.body).toEqual({ message: messages.forbidden });
    }
    await server.database.db.execute(sql`delete from users where email = 'nosy@college.test'`);
  });

  it('answers 400 {message} for invalid queries and 404 for an unknown challenge', async () => {
    const cases: [string, string][] = [
      ['sort=bogus', messages.invalidSortColumn],
      ['dir=up', messages.invalidSortDirection],
      ['status=done', messages.invalidResultsStatus],
      ['limit=0', messages.invalidPageLimit],
      ['limit=201', messages.invalidPageLimit],
      ['limit=abc', messages.invalidPageLimit],
      ['cursor=not-a-cursor', messages.invalidPageCursor],
      [`q=${'x'.repeat(201)}`, messages.filterTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await get(`${resultsPath('RES-A')}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message });
    }
    const bad = await get(resultsPath('a b'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: messages.invalidChallengeId });
    const missing = await get(resultsPath('NO-SUCH'));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.challengeNotFound });
  });

  it('refuses a cursor made for another sort', async () => {
    const page = await results('RES-P', { sort: 'name', limit: 10 });
    expect(page.nextCursor).not.toBeNull();
    const res = await get(
      `${resultsPath('RES-P')}?${toSearchParams({ sort: 'email', cursor: page.nextCursor })}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.invalidPageCursor });
  });

  it('summarises the challenge and lists every started student with their standing', async () => {
    const body = await results('RES-A', { sort: 'name' });
    const students = await server.database.db.execute(sql`select count(*)::int as n from users`);
    const userCount = (students as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    expect(body.challenge).toMatchObject({ challengeId: 'RES-A', score: 100 });
    expect(body.summary).toEqual({
      started: 7,
      submitted: 6,
      fullScore: 2,
      average: 71,
      median: 75,
      notStarted: userCount - 7,
      pending: 1,
    });
    expect(body.total).toBe(7);
    expect(body.nextCursor).toBeNull();
    expect(body.rows.map((r) => r.name)).toEqual([
      INJECTED,
      'Asha Rao',
      'bala',
      'Chitra',
      'dev',
      'Esha',
      'hari',
    ]);
    const asha = body.rows.find((r) => r.name === 'Asha Rao');
    expect(asha).toMatchObject({
      userId: ids.asha,
      email: 'asha@college.test',
      year: '2',
      branch: 'CSE',
      college: 'GEC',
      started: true,
      startedAt: at(0).toISOString(),
      deadline: at(60).toISOString(),
      timeUsedSeconds: 1200,
      submissions: 2,
      pending: 0,
      bestScore: 100,
      bestPercent: 100,
      bestVerdict: 'Accepted',
      lastSubmissionAt: at(20).toISOString(),
    });
    expect(body.rows.find((r) => r.name === 'hari')?.timeUsedSeconds).toBe(3600);
    expect(body.rows.find((r) => r.name === 'dev')).toMatchObject({
      timeUsedSeconds: null,
      submissions: 0,
      bestScore: null,
      bestPercent: null,
      bestVerdict: null,
      lastSubmissionAt: null,
    });
    expect(body.rows.find((r) => r.name === 'Esha')).toMatchObject({
      submissions: 1,
      pending: 1,
      bestScore: null,
    });
    expect(body.rows.find((r) => r.name === INJECTED)).toMatchObject({
      bestScore: 75,
      bestPercent: 75,
      bestVerdict: 'Wrong Answer',
    });
    expect(Date.parse(body.generatedAt)).not.toBeNaN();
  });

  it('lists not-started students from the roster and sign-ups, and all of them together', async () => {
    const notStarted = await results('RES-A', {
      status: 'not-started',
      q: 'college.test',
      sort: 'name',
    });
    const names = notStarted.rows.map((r) => r.name);
    expect(names).toContain('Farid');
    expect(names).toContain('Gita');
    expect(names).not.toContain('Asha Rao');
    expect(notStarted.rows.find((r) => r.name === 'Farid')).toMatchObject({
      started: false,
      startedAt: null,
      deadline: null,
      submissions: 0,
      bestScore: null,
    });
    const all = await allPages('RES-A', { status: 'all', limit: 200 });
    expect(all.rows.length).toBe((await results('RES-A')).summary.notStarted + 7);
  });

  it('filters by text (name or email, case-insensitive, % taken literally), year, branch and college', async () => {
    const names = async (query: ResultsQuery) =>
      (await results('RES-A', { sort: 'name', ...query })).rows.map((r) => r.name);
    expect(await names({ q: 'ASHA' })).toEqual(['Asha Rao']);
    expect(await names({ q: 'bala@' })).toEqual(['bala']);
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ q: 'HYPERLINK' })).toEqual([INJECTED]);
    expect(await names({ branch: 'ECE' })).toEqual(['bala', 'Esha']);
    expect(await names({ year: '2' })).toEqual(['Asha Rao', 'Chitra']);
    expect(await names({ college: 'MIT' })).toEqual(['Chitra', 'Esha']);
    expect(await names({ college: 'MIT', branch: 'CSE' })).toEqual(['Chitra']);
    expect(await names({ status: 'not-started', branch: 'ECE', q: 'gita' })).toEqual(['Gita']);
    const filtered = await results('RES-A', { branch: 'CSE', college: 'GEC' });
    expect(filtered.total).toBe(4);
  });

  it.each(RESULTS_SORT_COLUMNS)(
    'sorts by %s both ways, nulls last, pages agree with one read',
    async (column) => {
      const everyone = await allPages('RES-A', { status: 'all', sort: 'name', limit: 200 });
      for (const dir of ['asc', 'desc'] as const) {
        const paged = await allPages('RES-A', { status: 'all', sort: column, dir, limit: 4 });
        expect(
          paged.rows.map((r) => r.userId),
          `${column} ${dir}`,
        ).toEqual(expectedOrder(everyone.rows, column, dir));
      }
    },
  );

  it('pages through ties in the sort value by user id, and ends exactly on the last row', async () => {
    const ids50 = (await allPages('RES-P', { sort: 'bestScore', limit: 200 })).rows.map(
      (r) => r.userId,
    );
    expect(ids50).toHaveLength(50);
    expect(ids50).toEqual([...ids50].sort());
    for (const limit of [7, 10, 49, 50]) {
      const walked = await allPages('RES-P', { sort: 'bestScore', limit });
      expect(
        walked.rows.map((r) => r.userId),
        `limit ${limit}`,
      ).toEqual(ids50);
      expect(walked.pages).toBe(Math.ceil(50 / limit));
    }
    const desc = await allPages('RES-P', { sort: 'bestScore', dir: 'desc', limit: 7 });
    expect(desc.rows.map((r) => r.userId)).toEqual([...ids50].reverse());
    const exactly = await results('RES-P', { sort: 'submissions' });
    expect(exactly.rows).toHaveLength(50);
    expect(exactly.nextCursor).toBeNull();
    expect(exactly.rows[0]?.bestPercent).toBe(50);
  });

  it('answers an empty table for a challenge nobody opened', async () => {
    const body = await results('RES-E');
    expect(body.rows).toEqual([]);
    expect(body.nextCursor).toBeNull();
    expect(body.total).toBe(0);
    expect(body.summary).toMatchObject({
      started: 0,
      submitted: 0,
      fullScore: 0,
      average: null,
      median: null,
      pending: 0,
    });
    const filtered = await results('RES-A', { q: 'nobody-has-this' });
    expect(filtered.rows).toEqual([]);
    expect(filtered.nextCursor).toBeNull();
  });

  it('answers 304 to an unchanged ETag and 200 with a new one after a change', async () => {
    const path = `${resultsPath('RES-A')}?${toSearchParams({ sort: 'bestScore', dir: 'desc' })}`;
    const first = await get(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(path, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // Another student opens the challenge: the table changes.
    const late = await seedStudent(server, { name: 'Late', email: 'late@college.test' });
    await insertAttempt(server.database.db, {
      userId: late,
      challengeId: 'RES-A',
      startedAt: at(30),
      deadline: at(90),
    });
    const changed = await get(path, { 'if-none-match': etag ?? '' });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await server.database.db.execute(sql`delete from users where id = ${late}`);
  });

  describe('a student\u2019s submissions', () => {
    const submissionsOf = async (userId: string | undefined) => {
      const res = await get(studentSubmissionsPath('RES-A', userId ?? ''));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as StudentSubmissionsResponse;
    };

    it('lists every submission newest first, with hidden tests\u2019 data for the teacher', async () => {
      const body = await submissionsOf(ids.asha);
      expect(body.student).toMatchObject({ userId: ids.asha, name: 'Asha Rao', claimed: true });
      expect(body.attempt).toMatchObject({
        startedAt: at(0).toISOString(),
        bestScore: 100,
        submissionCount: 2,
      });
      expect(body.testCases.map((t) => t.name)).toEqual(['Sample 1', 'Hidden 1', 'Hidden 2']);
      expect(body.testCases[1]).toMatchObject({
        hidden: true,
        input: HIDDEN_INPUT,
        expectedOutput: HIDDEN_OUTPUT,
        weight: 3,
      });
      expect(body.submissions.map((s) => [s.number, s.score, s.isBest])).toEqual([
        [2, 100, true],
        [1, 40, false],
      ]);
      const first = body.submissions[1];
      expect(first).toMatchObject({
        status: 'judged',
        verdict: 'Wrong Answer',
        passed: 2,
        total: 3,
        maxScore: 100,
        language: 'python',
        code: 'print(40)',
        createdAt: at(10).toISOString(),
      });
      expect(first?.tests[0]).toEqual({
        index: 0,
        name: 'Sample 1',
        hidden: false,
        weight: 1,
        verdict: 'Accepted',
        timeMs: 10,
        wallMs: 20,
        memoryBytes: 1_000_000,
        input: '1 2\n',
        expectedOutput: '3\n',
        stdout: 'out-0',
        stderr: 'err-0',
      });
      expect(first?.tests[1]).toMatchObject({
        name: 'Hidden 1',
        hidden: true,
        verdict: 'Wrong Answer',
        input: HIDDEN_INPUT,
        expectedOutput: HIDDEN_OUTPUT,
      });
      expect(first?.tests[1]).not.toHaveProperty('stdout');
    });

    it('reads a test stopped at the time limit as the limit, never the time past it', async () => {
      // Judged before issue 30: the stored time is what the sandbox let the program run under a
      // 1 s limit (the limit plus the language's start-up allowance).
      await seedChallenge(server, 'RES-TLE');
      await server.database.db.execute(
        sql`update challenges set time_limit_ms = 1000 where challenge_id = 'RES-TLE'`,
      );
      const { submissionIds } = await seedAttempt(server, {
        userId: ids.asha ?? '',
        challengeId: 'RES-TLE',
        startedAt: at(0),
        submissions: [
          { at: 10, score: 0, tests: ['Time Limit Exceeded', 'Accepted', 'Time Limit Exceeded'] },
        ],
      });
      await server.database.db.execute(sql`update submissions
        set details = jsonb_set(details, '{tests,0,timeMs}', '1990')
        where id = ${submissionIds[0]}`);
      const res = await get(studentSubmissionsPath('RES-TLE', ids.asha ?? ''));
      expect(res.status).toBe(200);
      const tests = (res.body as StudentSubmissionsResponse).submissions[0]?.tests ?? [];
      expect(tests.map((t) => [t.verdict, t.timeMs])).toEqual([
        ['Time Limit Exceeded', 1000],
        ['Accepted', 11],
        ['Time Limit Exceeded', 1000],
      ]);
    });

    it('shows a queued submission without a verdict', async () => {
      const body = await submissionsOf(ids.esha);
      expect(body.submissions).toHaveLength(1);
      expect(body.submissions[0]).toMatchObject({
        status: 'queued',
        verdict: null,
        tests: [],
        judgedAt: null,
      });
    });

    it('answers a student who never opened it with no attempt and no submissions', async () => {
      const body = await submissionsOf(ids.farid);
      expect(body.attempt).toBeNull();
      expect(body.submissions).toEqual([]);
    });

    it('answers 400 for a malformed id and 404 for an unknown student or challenge', async () => {
      const malformed = await get(studentSubmissionsPath('RES-A', 'nope'));
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ message: messages.invalidStudentId });
      const unknown = await get(studentSubmissionsPath('RES-A', crypto.randomUUID()));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: messages.studentIdNotFound });
      const noChallenge = await get(studentSubmissionsPath('NO-SUCH', ids.asha ?? ''));
      expect(noChallenge.status).toBe(404);
      expect(noChallenge.body).toEqual({ message: messages.challengeNotFound });
    });
  });
});
