// Test groups through the API with the real judge (issue 14 item 5): a challenge keeps its groups
// and each hidden test's group, an all-or-nothing group stops at its first failure and scores
// nothing unless all pass, the student sees per-group counts and points (hidden tests still
// hidden), the teacher sees each test's group, and bad groups answer 400 {message}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import type { JudgedSubmission } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import type { StudentSubmissionsResponse } from '../../src/contract/results.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  judgingDatabase,
  startServer,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';

/** A hidden test when `group` is given ('' : hidden in the default group), else a sample. */
const double = (n: number, group?: string, weight = 1) => ({
  input: `${n}\n`,
  expectedOutput: `${n * 2}\n`,
  hidden: group !== undefined,
  weight,
  ...(group ? { group } : {}),
});
const TESTS = [
  double(1, undefined, 0),
  double(2, 'small'),
  double(3, 'small'),
  double(100, 'large'),
  double(101, 'large'),
  double(4, ''),
];
const GROUPS = [
  { name: 'small', scoring: 'all' as const },
  { name: 'large', scoring: 'all' as const },
];
/** Right below 100, wrong from 100 on. */
const BELOW_100 = 'n = int(input())\nprint(n * 2 if n < 100 else 0)\n';
const RIGHT = 'print(int(input()) * 2)\n';

describe.each(judgingDatabase)('test groups on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let student: Student;

  const submit = async (code: string) => {
    const res = await submitAndWait(server, student, { challengeId: 'GRP-1', code });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.final as JudgedSubmission;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(
      server,
      challengeInput('GRP-1', { testCases: TESTS, testGroups: GROUPS, score: 40 }),
    );
    await addChallenge(server, challengeInput('GRP-PLAIN'));
    student = await signInStudent(server, 'groups@college.test', 'GRP-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the groups and each hidden test’s group', async () => {
    const res = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'GRP-1' },
      admin,
    );
    const challenge = res.body as Challenge;
    expect(challenge.testGroups).toEqual(GROUPS);
    expect(challenge.testCases.map((t) => t.group)).toEqual([
      undefined,
      'small',
      'small',
      'large',
      'large',
      undefined,
    ]);
    expect(challenge.testCases[0]?.weight).toBe(0);
  });

  it('scores all-or-nothing groups and shows the student each group, hidden tests as counts', async () => {
    const partial = await submit(BELOW_100);
    // small (2) and the ungrouped hidden test (1) of 5 weight: 3/5 of 40.
    expect(partial).toMatchObject({ verdict: 'Wrong Answer', score: 24, passed: 4, total: 6 });
    expect(partial.hidden).toMatchObject({
      total: 5,
      passed: 3,
      verdicts: { 'Wrong Answer': 1, Skipped: 1 },
    });
    expect(partial.groups).toEqual([
      { name: 'sample', scoring: 'sum', tests: 1, passed: 1, skipped: 0, points: 0, maxPoints: 0 },
      { name: 'small', scoring: 'all', tests: 2, passed: 2, skipped: 0, points: 16, maxPoints: 16 },
      { name: 'large', scoring: 'all', tests: 2, passed: 0, skipped: 1, points: 0, maxPoints: 16 },
      { name: 'secret', scoring: 'sum', tests: 1, passed: 1, skipped: 0, points: 8, maxPoints: 8 },
    ]);
    // Nothing of a hidden test's data: only the sample's input and output are in the answer.
    expect(JSON.stringify(partial)).not.toMatch(
      /"(input|expectedOutput|stdout)":"(10[01]|20[02])/u,
    );
    expect(await submit(RIGHT)).toMatchObject({ verdict: 'Accepted', score: 40 });
  });

  it('shows the teacher each test’s group and the skipped test', async () => {
    const res = await call(
      server,
      'GET',
      `/api/admin/results/GRP-1/students/${student.id}/submissions`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    const { submissions } = res.body as StudentSubmissionsResponse;
    const partial = submissions.find((s) => s.verdict === 'Wrong Answer');
    expect(partial?.tests.map((t) => [t.group, t.verdict])).toEqual([
      ['sample', 'Accepted'],
      ['small', 'Accepted'],
      ['small', 'Accepted'],
      ['large', 'Wrong Answer'],
      ['large', 'Skipped'],
      ['secret', 'Accepted'],
    ]);
  });

  it('leaves a challenge without groups as it was: no group lines', async () => {
    const other = await signInStudent(server, 'plain@college.test', 'GRP-PLAIN');
    const res = await submitAndWait(server, other, {
      challengeId: 'GRP-PLAIN',
      code: 'a, b = map(int, input().split())\nprint(a + b)\n',
    });
    const final = res.final as JudgedSubmission;
    expect(final).toMatchObject({ verdict: 'Accepted', score: 100 });
    expect(final.groups).toBeUndefined();
  });

  it('refuses a group defined twice, a test naming an undefined group, and a bad name', async () => {
    const add = (overrides: Parameters<typeof challengeInput>[1]) =>
      call(server, 'POST', '/api/admin/addChallenge', challengeInput('GRP-BAD', overrides), admin);
    expect(await add({ testGroups: [...GROUPS, { name: 'small', scoring: 'sum' }] })).toMatchObject(
      { status: 400, body: { message: 'The test group small is defined twice' } },
    );
    expect(
      await add({ testCases: [double(1), double(2, 'smal')], testGroups: GROUPS }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Test case 2 names the group smal, which is not defined' },
    });
    expect(await add({ testGroups: [{ name: 'a b', scoring: 'all' }] })).toMatchObject({
      status: 400,
      body: { message: messages.invalidGroupName },
    });
    expect(await add({ testGroups: [{ name: 'ab', scoring: 'min' as 'all' }] })).toMatchObject({
      status: 400,
      body: { message: messages.invalidGroupScoring },
    });
    const gone = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'GRP-BAD' },
      admin,
    );
    expect(gone.status).toBe(404);
  });
});
