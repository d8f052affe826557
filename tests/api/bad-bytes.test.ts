// The NUL character, which PostgreSQL's text cannot hold, anywhere in a request (issue 15 item 7):
// a name, a challenge field, a typed test nested in the challenge, code, a query or a route
// parameter is answered 400 with a message, never 500, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addChallenge, challengeInput, signInStudent } from './compiler-fixtures.ts';

const refused = { status: 400, body: { message: messages.nulCharacter } };

describe.each(databaseKinds)('NUL in a request on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is refused in a sign-up, a challenge and its nested tests, and nothing is written', async () => {
    const signUp = await call(server, 'POST', '/api/user/loginSignUp', {
      name: 'Nu\u0000l',
      email: 'nul@example.edu',
      password: 'Secret#123',
    });
    expect(signUp).toMatchObject(refused);
    const named = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('NUL-NAME', { challengeName: 'Sum\u0000' }),
      admin,
    );
    expect(named).toMatchObject(refused);
    const nested = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('NUL-TEST', {
        testCases: [{ input: '1\u00002\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
      }),
      admin,
    );
    expect(nested).toMatchObject(refused);
    const users = await queryRows(
      server,
      "select count(*)::int as n from users where email = 'nul@example.edu'",
    );
    const challenges = await queryRows(
      server,
      "select count(*)::int as n from challenges where challenge_id like 'NUL-%'",
    );
    expect([users[0]?.n, challenges[0]?.n]).toEqual([0, 0]);
  });

  it('is refused in code, a query and a route parameter', async () => {
    await addChallenge(server, challengeInput('NUL-CODE'));
    const student = await signInStudent(server, `nul-${kind}@example.edu`, 'NUL-CODE');
    const submit = await call(
      server,
      'POST',
      '/api/compiler/submit',
      { challengeId: 'NUL-CODE', code: 'print(1)\u0000' },
      student.compiler,
    );
    expect(submit).toMatchObject(refused);
    const query = await call(
      server,
      'GET',
      '/api/admin/results/NUL-CODE?q=a%00b',
      undefined,
      admin,
    );
    expect(query).toMatchObject(refused);
    const param = await call(server, 'GET', '/api/admin/results/NUL%00CODE', undefined, admin);
    expect(param).toMatchObject(refused);
  });
});
