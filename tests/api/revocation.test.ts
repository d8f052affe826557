/**
 * Revocable sessions (issue 15 item 4) on a real server and database: a logout, a password reset,
 * a deletion and an administrator's "sign out everywhere" end every session and compiler token of
 * the account at once, on every device, and nobody else's; an administrator's logout ends their
 * own sessions. On PostgreSQL, a revocation made on one server process reaches another.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { issueResetToken } from '../../src/server/password-reset/reset-token-queries.ts';
import { hashResetToken } from '../../src/server/password-reset/reset-token.ts';
import { addChallenge, challengeInput, signInStudent, type Student } from './compiler-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  startServerOn,
  type TestServer,
} from './harness.ts';
import { bound } from './bounds.ts';

const CHALLENGE = 'REVOKE-1';
// A fixed application key, so a second process of the same installation shares it.
const env = { ...adminEnv, COMPILER_APP_KEY: crypto.randomBytes(16).toString('hex') };
const PASSWORD = 'Student-pass-1';
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${(counter += 1)}@revoke.test`;

/** A signed-in call of each kind, by status: the session token's and the compiler token's. */
async function access(server: TestServer, student: Student) {
  const session = await call(server, 'GET', '/api/user/getChallenges', undefined, student.session);
  const compiler = await call(
    server,
    'GET',
    `/api/compiler/challenge/${CHALLENGE}`,
    undefined,
    student.compiler,
  );
  return { session: session.status, compiler: compiler.status };
}

const login = (server: TestServer, email: string, password = PASSWORD) =>
  call(server, 'POST', '/api/user/loginSignUp', { email, password });

describe.each(databaseKinds)('revocable sessions on %s', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind, env);
    await addChallenge(server, challengeInput(CHALLENGE));
    admin = await adminToken(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a logout ends every session and compiler token of the account, on every device', async () => {
    const student = await signInStudent(server, uniqueEmail('logout'), CHALLENGE);
    const bystander = await signInStudent(server, uniqueEmail('bystander'), CHALLENGE);
    // A second device: another login of the same account.
    const other = await login(server, student.email);
    expect(other.status).toBe(200);
    const otherSession = bearer((other.body as { token: string }).token);
    expect(await access(server, student)).toEqual({ session: 200, compiler: 200 });

    const out = await call(server, 'POST', '/api/user/logout', undefined, otherSession);
    expect(out).toMatchObject({ status: 200, body: { message: messages.loggedOut } });

    const refused = await call(server, 'GET', '/api/user/getChallenges', undefined, otherSession);
    expect(refused).toMatchObject({ status: 401, body: { message: messages.unauthorized } });
    expect(await access(server, student)).toEqual({ session: 401, compiler: 401 });
    const compiler = await call(
      server,
      'GET',
      `/api/compiler/challenge/${CHALLENGE}`,
      undefined,
      student.compiler,
    );
    expect(compiler.body).toEqual({ message: messages.compilerTokenMissing });
    expect(await access(server, bystander)).toEqual({ session: 200, compiler: 200 });

    // Logging in again gives a token that works.
    const again = await login(server, student.email);
    const fresh = bearer((again.body as { token: string }).token);
    expect((await call(server, 'GET', '/api/user/getChallenges', undefined, fresh)).status).toBe(
      200,
    );
  });

  it('a password reset ends the sessions issued before it', async () => {
    const student = await signInStudent(server, uniqueEmail('reset'), CHALLENGE);
    const bystander = await signInStudent(server, uniqueEmail('bystander'), CHALLENGE);
    const raw = crypto.randomBytes(32).toString('base64url');
    await issueResetToken(server.database.db, {
      userId: student.id,
      tokenHash: hashResetToken(raw),
      now: new Date(),
      ttlSeconds: 600,
    });
    const reset = await call(server, 'PUT', '/api/user/resetPassword', {
      password: 'New-Passw0rd!',
      token: raw,
    });
    expect(reset.status).toBe(200);
    expect(await access(server, student)).toEqual({ session: 401, compiler: 401 });
    expect(await access(server, bystander)).toEqual({ session: 200, compiler: 200 });
    expect((await login(server, student.email, 'New-Passw0rd!')).status).toBe(200);
  });

  it("an administrator's sign out everywhere ends one student's sessions", async () => {
    const student = await signInStudent(server, uniqueEmail('signout'), CHALLENGE);
    const bystander = await signInStudent(server, uniqueEmail('bystander'), CHALLENGE);
    const path = '/api/admin/signOutStudent';

    // Students may not, an unknown email is a 404, a bad one a 400.
    expect(
      (await call(server, 'POST', path, { email: bystander.email }, bystander.session)).status,
    ).toBe(403);
    expect(
      await call(server, 'POST', path, { email: uniqueEmail('nobody') }, bearer(admin)),
    ).toMatchObject({ status: 404, body: { message: messages.userNotFound } });
    expect(
      (await call(server, 'POST', path, { email: 'not-an-email' }, bearer(admin))).status,
    ).toBe(400);
    expect(await access(server, bystander)).toEqual({ session: 200, compiler: 200 });

    const done = await call(server, 'POST', path, { email: student.email }, bearer(admin));
    expect(done).toMatchObject({ status: 200, body: { message: messages.signedOutEverywhere } });
    expect(await access(server, student)).toEqual({ session: 401, compiler: 401 });
    expect(await access(server, bystander)).toEqual({ session: 200, compiler: 200 });
    expect((await login(server, student.email)).status).toBe(200);
  });

  it("a deleted student's tokens stop working", async () => {
    const student = await signInStudent(server, uniqueEmail('deleted'), CHALLENGE);
    const bystander = await signInStudent(server, uniqueEmail('bystander'), CHALLENGE);
    expect(await access(server, student)).toEqual({ session: 200, compiler: 200 });
    const deleted = await call(
      server,
      'DELETE',
      `/api/user/deleteUser/${encodeURIComponent(student.email)}`,
      undefined,
      bearer(admin),
    );
    expect(deleted.status).toBe(200);
    expect(await access(server, student)).toEqual({ session: 401, compiler: 401 });
    expect(await access(server, bystander)).toEqual({ session: 200, compiler: 200 });
  });

  it("an administrator's logout ends all of their own sessions (sign out everywhere)", async () => {
    const first = await adminToken(server);
    const second = await adminToken(server);
    const student = await signInStudent(server, uniqueEmail('admin-out'), CHALLENGE);
    const count = (token: string) =>
      call(server, 'GET', '/api/admin/getTotalStudentCount', undefined, bearer(token));
    expect((await count(second)).status).toBe(200);

    expect((await call(server, 'POST', '/api/user/logout', undefined, bearer(first))).status).toBe(
      200,
    );
    expect(await count(first)).toMatchObject({
      status: 401,
      body: { message: messages.unauthorized },
    });
    expect((await count(second)).status).toBe(401);
    expect(await access(server, student)).toEqual({ session: 200, compiler: 200 });
    // The other tests' administrator token is gone too: sign in again.
    admin = await adminToken(server);
    expect((await count(admin)).status).toBe(200);
  });

  it.runIf(kind === 'postgres')(
    'a logout on one process ends the tokens another process sharing PostgreSQL had accepted',
    async () => {
      // A second process of the same installation on the same database.
      const url = server.database.pool.options.connectionString ?? '';
      const two = await startServerOn(await openDatabase({ kind: 'postgres', url, poolSize: 2 }), {
        ...env,
        JWT_SECRET: server.config.jwtSecret ?? '',
      });
      try {
        const student = await signInStudent(server, uniqueEmail('two-processes'), CHALLENGE);
        // The second process has seen (and remembered) the student's version.
        expect(await access(two, student)).toEqual({ session: 200, compiler: 200 });
        const out = await call(server, 'POST', '/api/user/logout', undefined, student.session);
        expect(out.status).toBe(200);
        // The NOTIFY travels asynchronously: wait for it, without a bound on how long it takes.
        await expect
          .poll(() => access(two, student), { timeout: bound(10_000) })
          .toEqual({ session: 401, compiler: 401 });
      } finally {
        await two.close();
      }
    },
  );
});
