/**
 * Sign-ins that could not be checked before the page gives up are answered at once with 503,
 * Retry-After and a message (issue 15 item 5), rather than hashed too late for anyone. With
 * SIGN_IN_WAIT_SECONDS at 0 no hash fits the budget, so every password check is refused; the
 * arrival order itself is unit-tested in src/server/auth/hash-queue.test.ts.
 */
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { call, queryRows, startServer, type TestServer } from './harness.ts';
import { STUDENT_PASSWORD } from './test-passwords.ts';

describe('a sign-in over the wait budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { SIGN_IN_WAIT_SECONDS: '0' });
    await queryRows(server, `insert into users (email, name, password_hash) values ($1, $2, $3)`, [
      'ada@college.test',
      'ada',
      await hash(STUDENT_PASSWORD),
    ]);
  });
  afterAll(() => server.close());

  it('is answered 503 at once with Retry-After and the message, for logins and sign-ups', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        call(server, 'POST', '/api/user/loginSignUp', {
          email: 'ada@college.test',
          password: STUDENT_PASSWORD,
        }),
      ),
      call(server, 'POST', '/api/user/loginSignUp', {
        name: 'grace',
        email: 'grace@college.test',
        password: STUDENT_PASSWORD,
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body).toEqual({
        message: messages.signInBusy.replace('{seconds}', answer.headers.get('retry-after') ?? ''),
      });
    }
    // A refused sign-up made no account.
    expect(
      await queryRows(server, `select 1 from users where email = 'grace@college.test'`),
    ).toEqual([]);
  });
});
