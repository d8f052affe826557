// The student's own history on the compiler page (issue 12 item 6): every submission of theirs to
// the challenge, newest first, with code, verdict, score and the samples' outcomes; never another
// student's, never hidden test data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../src/contract/compiler.ts';
import { adminEnv, call, databaseKinds, startServer, type TestServer } from './harness.ts';
import {
  addChallenge,
  challengeInput,
  HIDDEN_INPUT,
  HIDDEN_OUTPUT,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';

describe.each(databaseKinds)("the student's submission history on %s", (kind) => {
  let server: TestServer;
  let ada: Student;
  let eve: Student;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    await addChallenge(server, challengeInput('H-1'));
    ada = await signInStudent(server, 'ada-history@college.test', 'H-1');
    eve = await signInStudent(server, 'eve-history@college.test', 'H-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const history = (who: Student, challengeId = 'H-1') =>
    call(server, 'GET', `/api/compiler/history/${challengeId}`, undefined, who.compiler);

  it('lists only my submissions, newest first, without hidden test data', async () => {
    expect(await history(ada)).toMatchObject({ status: 200, body: { submissions: [] } });
    await submitAndWait(server, ada, { challengeId: 'H-1', code: solutions.python.wrong });
    await submitAndWait(server, ada, { challengeId: 'H-1', code: solutions.python.correct });
    await submitAndWait(server, eve, { challengeId: 'H-1', code: solutions.python.crash });

    const res = await history(ada);
    expect(res.status).toBe(200);
    const { submissions } = res.body as HistoryResponse;
    expect(submissions).toHaveLength(2);
    expect(submissions[0]).toMatchObject({
      status: 'judged',
      code: solutions.python.correct,
      verdict: 'Accepted',
      score: 100,
      maxScore: 100,
      hidden: { total: 1, passed: 1 },
      samples: [{ verdict: 'Accepted', input: '1 2\n', stdout: '3\n' }],
    });
    expect(submissions[1]).toMatchObject({
      code: solutions.python.wrong,
      verdict: 'Wrong Answer',
      score: 25,
      hidden: { total: 1, passed: 0 },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(JSON.stringify(HIDDEN_INPUT).slice(1, -1));
    expect(text).not.toContain(JSON.stringify(HIDDEN_OUTPUT).slice(1, -1));
    expect(text).not.toContain(solutions.python.crash);

    const evesOwn = (await history(eve)).body as HistoryResponse;
    expect(evesOwn.submissions.map((s) => s.verdict)).toEqual(['Runtime Error']);
  });

  it('needs the compiler token and a valid challenge id', async () => {
    expect((await call(server, 'GET', '/api/compiler/history/H-1')).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/compiler/history/H-1', undefined, ada.session)).status,
    ).toBe(401);
    expect((await history(ada, '%20')).status).toBe(400);
    expect(await history(ada, 'NONE-1')).toMatchObject({ status: 200, body: { submissions: [] } });
  });
});
