import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import { attempts, challenges, submissions, users } from '../../src/server/db/schema.ts';
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

describe.each(databaseKinds)('DELETE /api/user/deleteUser/{email} on %s', (kind) => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    auth = bearer(await adminToken(server));
    await server.database.db.insert(challenges).values({
      challengeId: 'DU-1',
      challengeName: 'c',
      challengeDesc: 'd',
      difficultyLev: 'easy',
      score: 10,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeDur: 10,
      language: 'python',
      tags: 't',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("removes the student with their attempts and submissions: 'User succesfully deleted'", async () => {
    const student = await signUpStudent(server, 'leaving@college.test');
    const other = await signUpStudent(server, 'staying@college.test');
    for (const s of [student, other]) {
      await insertAttempt(server.database.db, {
        userId: s.id,
        challengeId: 'DU-1',
        deadline: new Date(),
      });
      await server.database.db.insert(submissions).values({
        userId: s.id,
        challengeId: 'DU-1',
        sittingAttemptId: await ownSittingAttemptId(server.database.db, s.id, 'DU-1'),
        language: 'python',
        code: 'x',
        verdict: 'Accepted',
      });
    }
    const res = await call(
      server,
      'DELETE',
      '/api/user/deleteUser/Leaving%40College.test',
      undefined,
      auth,
    );
    expect(res).toMatchObject({ status: 200, body: { message: messages.userDeleted } });
    expect(
      await server.database.db.select().from(users).where(eq(users.id, student.id)),
    ).toHaveLength(0);
    expect(
      await server.database.db.select().from(attempts).where(eq(attempts.userId, student.id)),
    ).toHaveLength(0);
    expect(
      await server.database.db.select().from(submissions).where(eq(submissions.userId, student.id)),
    ).toHaveLength(0);
    // Nobody else's data moved.
    expect(
      await server.database.db.select().from(submissions).where(eq(submissions.userId, other.id)),
    ).toHaveLength(1);
    // The deleted student can no longer log in.
    const login = await call(server, 'POST', '/api/user/loginSignUp', {
      email: 'leaving@college.test',
      password: 'Student-pass-1',
    });
    expect(login.status).toBe(401);
  });

  it('answers 404 with a clear message for an unknown email and 400 for a malformed one', async () => {
    expect(
      await call(server, 'DELETE', '/api/user/deleteUser/ghost%40college.test', undefined, auth),
    ).toMatchObject({
      status: 404,
      body: { message: messages.userNotFound },
    });
    expect(
      await call(server, 'DELETE', '/api/user/deleteUser/not-an-email', undefined, auth),
    ).toMatchObject({
      status: 400,
      body: { message: messages.invalidEmail },
    });
  });
});
