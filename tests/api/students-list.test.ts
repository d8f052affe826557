import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import {
  STUDENTS_SORT_COLUMNS,
  studentFilterOptionsPath,
  studentsPath,
  toSearchParams,
  type StudentFilterOptions,
  type StudentsQuery,
  type StudentsResponse,
  type StudentsRow,
  type StudentsSortColumn,
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
import { seedAttempt, seedChallenge, seedStudent } from './results-fixtures.ts';
import { bound } from './bounds.ts';

type Sortable = string | number | boolean | null;

function sortValue(row: StudentsRow, column: StudentsSortColumn): Sortable {
  const lower = (v: string | null) => (v === null ? null : v.toLowerCase());
  switch (column) {
    case 'name':
    case 'email':
    case 'year':
    case 'branch':
    case 'college':
      return lower(row[column]);
    case 'claimed':
      return row.claimed ? 1 : 0;
    case 'challengesTaken':
      return row.challengesTaken;
    case 'createdAt':
      return row.createdAt;
  }
}

function expectedOrder(rows: StudentsRow[], column: StudentsSortColumn, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const va = sortValue(a, column);
      const vb = sortValue(b, column);
      if (va !== vb) {
        if (va === null) return 1;
        if (vb === null) return -1;
        return sign * (va < vb ? -1 : 1);
      }
      return sign * (a.userId < b.userId ? -1 : 1);
    })
    .map((r) => r.userId);
}

describe.each(databaseKinds)('GET /api/admin/students on %s', (kind) => {
  let server: TestServer;
  let auth: Record<string, string>;

  const list = async (query: StudentsQuery = {}) => {
    const res = await call(
      server,
      'GET',
      `${studentsPath}?${toSearchParams(query)}`,
      undefined,
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as StudentsResponse;
  };
  const allPages = async (query: StudentsQuery) => {
    const rows: StudentsRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ ...query, cursor });
      rows.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return rows;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    auth = bearer(await adminToken(server));
    await seedChallenge(server, 'STU-1');
    await seedChallenge(server, 'STU-2');
    const created = (minutes: number) =>
      new Date(Date.parse('2026-02-01T00:00:00Z') + minutes * 60_000);
    const a = await seedStudent(server, {
      name: 'Asha',
      email: 'asha@s.test',
      year: '2',
      branch: 'CSE',
      college: 'GEC',
      claimed: true,
      createdAt: created(1),
    });
    const b = await seedStudent(server, {
      name: 'bala',
      email: 'bala@s.test',
      year: '3',
      branch: 'ECE',
      college: 'GEC',
      createdAt: created(2),
    });
    await seedStudent(server, {
      name: 'Chitra',
      email: 'chitra@s.test',
      year: '2',
      branch: 'CSE',
      college: 'MIT',
      createdAt: created(2),
    });
    await seedStudent(server, { name: 'dev', email: 'dev@s.test', createdAt: created(3) });
    for (let i = 0; i < 55; i++) {
      await seedStudent(server, {
        name: `Roster ${String(i).padStart(2, '0')}`,
        email: `r${i}@s.test`,
        branch: 'MECH',
        year: '1',
        createdAt: created(10),
      });
    }
    const startedAt = new Date('2026-03-01T09:00:00Z');
    await seedAttempt(server, { userId: a, challengeId: 'STU-1', startedAt });
    await seedAttempt(server, { userId: a, challengeId: 'STU-2', startedAt });
    await seedAttempt(server, { userId: b, challengeId: 'STU-1', startedAt });
  }, bound(60_000));

  afterAll(async () => {
    await server?.close();
  });

  it('lists roster entries and sign-ups, 50 a page, with claimed and challenges taken', async () => {
    await signUpStudent(server, 'signed@s.test');
    const first = await list();
    expect(first.total).toBe(60);
    expect(first.rows).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await list({ cursor: first.nextCursor ?? undefined });
    expect(second.rows).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const asha = first.rows.find((r) => r.email === 'asha@s.test');
    expect(asha).toMatchObject({
      name: 'Asha',
      year: '2',
      branch: 'CSE',
      college: 'GEC',
      claimed: true,
      challengesTaken: 2,
      createdAt: '2026-02-01T00:01:00.000Z',
    });
    expect(first.rows.find((r) => r.email === 'bala@s.test')).toMatchObject({
      claimed: false,
      challengesTaken: 1,
    });
    expect(second.rows.find((r) => r.email === 'signed@s.test')).toMatchObject({
      claimed: true,
      challengesTaken: 0,
    });
  });

  it('filters by text, year, branch, college and claimed', async () => {
    const emails = async (query: StudentsQuery) =>
      (await list({ sort: 'email', ...query })).rows.map((r) => r.email);
    expect(await emails({ q: 'ASHA' })).toEqual(['asha@s.test']);
    expect(await emails({ q: '_' })).toEqual([]);
    expect(await emails({ branch: 'CSE' })).toEqual(['asha@s.test', 'chitra@s.test']);
    expect(await emails({ college: 'GEC', year: '3' })).toEqual(['bala@s.test']);
    expect(await emails({ claimed: 'claimed' })).toEqual(['asha@s.test', 'signed@s.test']);
    expect((await list({ claimed: 'unclaimed' })).total).toBe(58);
    expect((await list({ branch: 'MECH', limit: 200 })).total).toBe(55);
  });

  it.each(STUDENTS_SORT_COLUMNS)('sorts by %s both ways with consistent pages', async (column) => {
    const everyone = await allPages({ limit: 200 });
    for (const dir of ['asc', 'desc'] as const) {
      const paged = await allPages({ sort: column, dir, limit: 9 });
      expect(
        paged.map((r) => r.userId),
        `${column} ${dir}`,
      ).toEqual(expectedOrder(everyone, column, dir));
    }
  });

  it('offers the distinct years, branches and colleges', async () => {
    const res = await call(server, 'GET', studentFilterOptionsPath, undefined, auth);
    expect(res.status).toBe(200);
    expect(res.body as StudentFilterOptions).toEqual({
      years: ['1', '2', '3'],
      branches: ['CSE', 'ECE', 'MECH'],
      colleges: ['GEC', 'MIT'],
    });
  });

  it('answers 400 {message} for invalid queries', async () => {
    const cases: [string, string][] = [
      ['sort=bestScore', messages.invalidSortColumn],
      ['dir=sideways', messages.invalidSortDirection],
      ['claimed=maybe', messages.invalidClaimedFilter],
      ['limit=-1', messages.invalidPageLimit],
      ['cursor=%7B%7D', messages.invalidPageCursor],
    ];
    for (const [query, message] of cases) {
      const res = await call(server, 'GET', `${studentsPath}?${query}`, undefined, auth);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message });
    }
  });

  it('answers 401 without a token and 403 for a student', async () => {
    const student = await signUpStudent(server, 'curious@s.test');
    expect((await call(server, 'GET', studentsPath)).status).toBe(401);
    const res = await call(server, 'GET', studentsPath, undefined, bearer(student.token));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: messages.forbidden });
  });
});
