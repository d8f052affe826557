// Checker programs through the API with the real sandboxed judge (issue 14 item 2): the teacher
// saves a challenge judged by a checker (a checker that does not compile is refused with the
// compiler's message), a student's output gets the checker's verdict and partial credit, the
// teacher's drill-down shows the checker's message, and nothing of the checker (its source, its
// messages) ever reaches the student.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import type { JudgedSubmission, RunResponse } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import type { StudentSubmissionsResponse } from '../../src/contract/results.ts';
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

/** Accepts the answer exactly; half the points (with a note) for one off by one; else rejects. */
const CHECKER = `import sys
expected = int(open(sys.argv[2]).read())
try:
    got = int(sys.stdin.read())
except ValueError:
    sys.exit(43)
if got == expected:
    sys.exit(42)
if abs(got - expected) == 1:
    open(sys.argv[3] + 'score.txt', 'w').write('0.5')
    open(sys.argv[3] + 'judgemessage.txt', 'w').write('SECRET-NOTE off by one')
    sys.exit(42)
sys.exit(43)
`;
const TESTS = [
  { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
  { input: '40 2\n', expectedOutput: '42\n', hidden: true, weight: 1 },
];
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SUM_PLUS_ONE = 'a, b = map(int, input().split())\nprint(a + b + 1)\n';

describe.each(judgingDatabase)('checker programs on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let student: Student;

  const submit = async (code: string) => {
    const res = await submitAndWait(server, student, { challengeId: 'CHK-SUM', code });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.final as JudgedSubmission;
  };

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(
      server,
      challengeInput('CHK-SUM', {
        testCases: TESTS,
        compare: { mode: 'checker', language: 'python' },
        checkerSource: CHECKER,
      }),
    );
    student = await signInStudent(server, 'checker@college.test', 'CHK-SUM');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the checker with the challenge, for administrators only', async () => {
    const res = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'CHK-SUM' },
      admin,
    );
    expect(res.status).toBe(200);
    const challenge = res.body as Challenge;
    expect(challenge.compare).toEqual({ mode: 'checker', language: 'python' });
    expect(challenge.checkerSource).toBe(CHECKER);
    const statement = await call(
      server,
      'GET',
      '/api/compiler/challenge/CHK-SUM',
      undefined,
      student.compiler,
    );
    expect(statement.status).toBe(200);
    expect(JSON.stringify(statement.body)).not.toContain('sys.argv');
    expect((statement.body as { compare?: unknown }).compare).toEqual({
      mode: 'checker',
      language: 'python',
    });
  });

  it('refuses a checker rule without a program, and a program that does not compile', async () => {
    const missing = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('CHK-MISSING', { compare: { mode: 'checker', language: 'cpp' } }),
      admin,
    );
    expect(missing).toMatchObject({
      status: 400,
      body: { message: messages.checkerSourceMissing },
    });
    const broken = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('CHK-BROKEN', {
        compare: { mode: 'checker', language: 'cpp' },
        checkerSource: 'int main() { return nope; }\n',
      }),
      admin,
    );
    expect(broken.status).toBe(400);
    const { message } = broken.body as { message: string };
    expect(message.startsWith(messages.checkerDoesNotCompile)).toBe(true);
    expect(message).toContain('nope');
    // Nothing was saved.
    const gone = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'CHK-BROKEN' },
      admin,
    );
    expect(gone.status).toBe(404);
  });

  it('judges by the checker: full marks, half marks from score.txt, and a rejection', async () => {
    const right = await submit(SUM);
    expect(right).toMatchObject({ verdict: 'Accepted', score: 100 });
    expect(right.compare).toEqual({ mode: 'checker', language: 'python' });
    const close = await submit(SUM_PLUS_ONE);
    expect(close).toMatchObject({ verdict: 'Accepted', score: 50 });
    // The checker's note is the teacher's: not in the student's result.
    expect(JSON.stringify(close)).not.toContain('SECRET-NOTE');
    const wrong = await submit('print("no")\n');
    expect(wrong).toMatchObject({ verdict: 'Wrong Answer', score: 0 });
  });

  it('uses the checker for Run on the samples', async () => {
    const res = await call(
      server,
      'POST',
      '/api/compiler/run',
      { challengeId: 'CHK-SUM', code: SUM_PLUS_ONE },
      student.compiler,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = res.body as RunResponse;
    expect(run).toMatchObject({ mode: 'samples', verdict: 'Accepted' });
    expect(JSON.stringify(run)).not.toContain('SECRET-NOTE');
  });

  it("shows the teacher each test's share of points and the checker's message", async () => {
    const res = await call(
      server,
      'GET',
      `/api/admin/results/CHK-SUM/students/${student.id}/submissions`,
      undefined,
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { submissions } = res.body as StudentSubmissionsResponse;
    const half = submissions.find((s) => s.score === 50);
    expect(half?.tests.map((t) => [t.verdict, t.fraction, t.judgeMessage])).toEqual([
      ['Accepted', 0.5, 'SECRET-NOTE off by one'],
      ['Accepted', 0.5, 'SECRET-NOTE off by one'],
    ]);
    const full = submissions.find((s) => s.score === 100);
    expect(full?.tests.every((t) => t.fraction === undefined && t.judgeMessage === undefined)).toBe(
      true,
    );
  });

  it('makes a looping checker a judge error at once: not tried again, never a Wrong Answer', async () => {
    // Rejects the first test (an honest Wrong Answer), loops on the second.
    const looping = `import sys
if open(sys.argv[2]).read() == '3\\n':
    sys.exit(43)
while True:
    pass
`;
    await addChallenge(
      server,
      challengeInput('CHK-LOOP', {
        testCases: TESTS,
        compare: { mode: 'checker', language: 'python' },
        checkerSource: looping,
      }),
    );
    const looper = await signInStudent(server, 'loop@college.test', 'CHK-LOOP');
    const res = await submitAndWait(server, looper, { challengeId: 'CHK-LOOP', code: SUM });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.final).toMatchObject({ status: 'failed', message: messages.submissionGaveUp });
    expect(res.final).not.toHaveProperty('verdict');
    // One try: the job completed without a retry (JUDGE_RETRY_LIMIT is 2), instead of three tries
    // each running the checker into its limit.
    const [job] = await queryRows(
      server,
      `select j.state, j.retry_count from pgboss.job j
         join submissions s on s.job_id = j.id where s.id = $1`,
      [res.final?.submissionId],
    );
    expect(job).toEqual({ state: 'completed', retry_count: 0 });
  });

  it('clears the checker when the rule changes, and keeps it when an update names no rule', async () => {
    const current = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'CHK-SUM' },
      admin,
    );
    const { compare: _rule, checkerSource: _source, ...rest } = current.body as Challenge;
    const kept = await call(
      server,
      'POST',
      '/api/admin/updateChallenge',
      { ...rest, tags: 'kept' },
      admin,
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((kept.body as { challengeUpdated: Challenge }).challengeUpdated).toMatchObject({
      compare: { mode: 'checker', language: 'python' },
      checkerSource: CHECKER,
    });
    const exact = await call(
      server,
      'POST',
      '/api/admin/updateChallenge',
      { ...rest, compare: { mode: 'exact' } },
      admin,
    );
    expect(exact.status).toBe(200);
    expect((exact.body as { challengeUpdated: Challenge }).challengeUpdated).toMatchObject({
      compare: { mode: 'exact' },
      checkerSource: '',
    });
  });
});
