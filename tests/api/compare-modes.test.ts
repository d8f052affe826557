// Compare modes through the API with the real sandboxed judge (issue 14 item 1): a new challenge
// gets the default validator of Kattis/DOMjudge, an answer with other spacing, other letter case
// or a float within tolerance is Accepted under it and Wrong Answer under exact, a challenge
// written before the compare column (as migration 0004 found it) keeps exact, an update without
// the field keeps the rule, and bad flags answer 400 {message}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import { describeCompareRule } from '../../src/contract/compare-rule-text.ts';
import type { JudgedSubmission, RunResponse } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  judgingDatabase,
  queryRows,
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

const TEXT_TEST = [{ input: '', expectedOutput: 'Hello World\n42\n', hidden: false, weight: 1 }];
const FLOAT_TEST = [{ input: '', expectedOutput: '3.14159265\n', hidden: true, weight: 1 }];
/** Other spacing, other case, the tokens split over lines differently. */
const LOOSE_TEXT = 'print("  hello   WORLD")\nprint()\nprint(42, end="")\n';
const CLOSE_FLOAT = 'print("3.1415927")\n';

describe.each(judgingDatabase)('compare modes on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let student: Student;

  const getChallenge = async (challengeId: string) => {
    const res = await call(server, 'POST', '/api/admin/getChallenge', { challengeId }, admin);
    expect(res.status).toBe(200);
    return res.body as Challenge;
  };
  const verdictOf = async (challengeId: string, code: string) => {
    const res = await submitAndWait(server, student, { challengeId, code });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const final = res.final as JudgedSubmission;
    expect(final.status).toBe('judged');
    return final;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(server, challengeInput('CMP-NEW', { testCases: TEXT_TEST }));
    await addChallenge(
      server,
      challengeInput('CMP-EXACT', { testCases: TEXT_TEST, compare: { mode: 'exact' } }),
    );
    await addChallenge(
      server,
      challengeInput('CMP-FLOAT', {
        testCases: FLOAT_TEST,
        compare: { mode: 'default', floatTolerance: 1e-6 },
      }),
    );
    await addChallenge(server, challengeInput('CMP-FLOAT-EXACT', { testCases: FLOAT_TEST }));
    // A challenge as it was before migration 0004: written without the compare column.
    await queryRows(
      server,
      `insert into challenges (challenge_id, challenge_name, challenge_desc, difficulty_lev, score,
         start_date, end_date, time_dur, language, tags)
       values ('CMP-OLD', 'Old one', 'From last year', 'easy', 100, '2020-01-01', '2099-12-31',
         60, 'python', 'old')`,
    );
    await queryRows(
      server,
      `insert into test_cases (challenge_id, ordinal, input, expected_output, hidden, weight)
       values ('CMP-OLD', 0, '', $1, false, 1)`,
      [TEXT_TEST[0]?.expectedOutput],
    );
    student = await signInStudent(server, 'compare@college.test', 'CMP-NEW');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives a challenge created without a rule the default validator without flags', async () => {
    expect((await getChallenge('CMP-NEW')).compare).toEqual({
      mode: 'default',
      caseSensitive: false,
      spaceChangeSensitive: false,
    });
    expect((await getChallenge('CMP-FLOAT')).compare).toEqual({
      mode: 'default',
      caseSensitive: false,
      spaceChangeSensitive: false,
      floatTolerance: 1e-6,
    });
  });

  it('accepts other spacing and case under the default validator, not under exact', async () => {
    const loose = await verdictOf('CMP-NEW', LOOSE_TEXT);
    expect(loose).toMatchObject({ verdict: 'Accepted', score: 100 });
    // The result says which rule judged it.
    expect(loose.compare).toEqual((await getChallenge('CMP-NEW')).compare);
    expect(describeCompareRule(loose.compare ?? { mode: 'exact' })).toBe(
      'Compared token by token, ignoring case and spacing',
    );
    const exact = await verdictOf('CMP-EXACT', LOOSE_TEXT);
    expect(exact).toMatchObject({ verdict: 'Wrong Answer', score: 0, compare: { mode: 'exact' } });
    // Still no tolerance for a different answer.
    expect((await verdictOf('CMP-NEW', 'print("hello world 43")\n')).verdict).toBe('Wrong Answer');
  });

  it('accepts a float within the tolerance, and compares numbers as text without one', async () => {
    expect((await verdictOf('CMP-FLOAT', CLOSE_FLOAT)).verdict).toBe('Accepted');
    expect((await verdictOf('CMP-FLOAT', 'print("3.1416")\n')).verdict).toBe('Wrong Answer');
    expect((await verdictOf('CMP-FLOAT-EXACT', CLOSE_FLOAT)).verdict).toBe('Wrong Answer');
  });

  it("shows the rule in the statement and in the teacher's drill-down", async () => {
    const rule = (await getChallenge('CMP-NEW')).compare;
    const statement = await call(
      server,
      'GET',
      '/api/compiler/challenge/CMP-NEW',
      undefined,
      student.compiler,
    );
    expect((statement.body as { compare?: unknown }).compare).toEqual(rule);
    const drill = await call(
      server,
      'GET',
      `/api/admin/results/CMP-NEW/students/${student.id}/submissions`,
      undefined,
      admin,
    );
    expect(drill.status, JSON.stringify(drill.body)).toBe(200);
    const { submissions } = drill.body as { submissions: { compare?: unknown }[] };
    expect(submissions.length).toBeGreaterThan(0);
    for (const submission of submissions) expect(submission.compare).toEqual(rule);
  });

  it('uses the rule for Run on the samples too', async () => {
    const res = await call(
      server,
      'POST',
      '/api/compiler/run',
      { challengeId: 'CMP-NEW', code: LOOSE_TEXT },
      student.compiler,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mode: 'samples', verdict: 'Accepted' } as RunResponse);
  });

  it('keeps exact for a challenge written before compare modes, and on updates', async () => {
    const old = await getChallenge('CMP-OLD');
    expect(old.compare).toEqual({ mode: 'exact' });
    expect((await verdictOf('CMP-OLD', LOOSE_TEXT)).verdict).toBe('Wrong Answer');

    // Saved again without the field (an older form or script): the rule stays.
    const { compare: _compare, ...fields } = old;
    const kept = await call(server, 'POST', '/api/admin/updateChallenge', fields, admin);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await getChallenge('CMP-OLD')).compare).toEqual({ mode: 'exact' });

    // Switched to the default validator, the same answer is right.
    const switched = await call(
      server,
      'POST',
      '/api/admin/updateChallenge',
      { ...fields, compare: { mode: 'default', caseSensitive: true } },
      admin,
    );
    expect(switched.status).toBe(200);
    expect((switched.body as { challengeUpdated: Challenge }).challengeUpdated.compare).toEqual({
      mode: 'default',
      caseSensitive: true,
      spaceChangeSensitive: false,
    });
    const strictCase = await verdictOf('CMP-OLD', LOOSE_TEXT);
    expect(strictCase.verdict).toBe('Wrong Answer');
    expect((await verdictOf('CMP-OLD', 'print("Hello", "World", 42)\n')).verdict).toBe('Accepted');
  });

  it.each([
    [{ mode: 'tokens' }, messages.invalidCompareMode],
    ['default', messages.invalidCompareMode],
    [{ mode: 'default', caseSensitive: 'yes' }, messages.invalidCompareFlag],
    [{ mode: 'default', spaceChangeSensitive: 1 }, messages.invalidCompareFlag],
    [{ mode: 'default', floatTolerance: -1 }, messages.invalidFloatTolerance],
    [{ mode: 'default', floatAbsoluteTolerance: '1e-6' }, messages.invalidFloatTolerance],
    [{ mode: 'default', floatRelativeTolerance: null }, messages.invalidFloatTolerance],
    [{ mode: 'default', float_tolerance: 1e-6 }, messages.invalidCompareSetting],
    [{ mode: 'exact', caseSensitive: true }, messages.invalidCompareSetting],
  ])('answers 400 to the rule %j', async (compare, message) => {
    const res = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      { ...challengeInput('CMP-BAD'), compare },
      admin,
    );
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { message } });
  });
});
