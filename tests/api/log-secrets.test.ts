/**
 * No secret in any log line (issue 15 item 8). The harness fails every test server whose log holds
 * a hash, a token, a link token or a test password when it closes; these tests provoke the two
 * ways one got there: a failed query logged with its parameters, and a link's token in a URL.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { call, databaseKinds, queryRows, startServer, type TestServer } from './harness.ts';
import { STUDENT_PASSWORD } from './test-passwords.ts';

describe.each(databaseKinds)('logs hold no secret (%s)', (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    // Closing the server is the check: it throws if its log holds a secret.
    await server?.close();
    server = undefined;
  });

  it('a query failing after the password was hashed is logged without its parameters', async () => {
    server = await startServer(kind);
    // The insert of a new account fails after the hash is computed, as when the disk fills up.
    await queryRows(
      server,
      `create function refuse_users() returns trigger language plpgsql as
         $$ begin raise exception 'could not extend file: No space left on device'; end $$`,
    );
    await queryRows(
      server,
      'create trigger refuse_users before insert on users for each row execute function refuse_users()',
    );
    const res = await call(server, 'POST', '/api/user/loginSignUp', {
      name: 'ada',
      email: 'ada@college.test',
      password: STUDENT_PASSWORD,
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: messages.internalError });
    await server.close();
    server = undefined;
  });

  it("a link's token in a URL is logged without its value", async () => {
    server = await startServer(kind);
    const token = crypto.randomBytes(32).toString('base64url');
    const res = await fetch(`${server.url}/reset-password?token=${token}`);
    await res.arrayBuffer();
    await server.close();
    server = undefined;
  });
});
