// Large requests (issue 14 item 6, first part): a challenge whose tests together pass 1 MB is
// saved (tests up to 1 MB each travel inside it), and a body over a call's limit is answered
// 413 {message} after it was read, so the client gets the answer rather than a reset
// connection. Body handling does not depend on the database: one kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { adminEnv, adminToken, bearer, call, startServer, type TestServer } from './harness.ts';
import { challengeInput } from './compiler-fixtures.ts';
import { bodyOf, streamedPost } from './streamed-post.ts';

/** `body` as JSON, sent in 64 KiB writes as a browser uploads (streamed-post.ts). */
const slowPost = (server: TestServer, path: string, body: string, token: string) =>
  streamedPost(
    server,
    path,
    bodyOf(body, { 'content-type': 'application/json', authorization: `Bearer ${token}` }),
  );

describe('large requests', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
    token = await adminToken(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves a challenge whose tests together are several MB', async () => {
    const big = 'x'.repeat(999_999);
    const input = challengeInput('BIG-TESTS', {
      testCases: [
        { input: big, expectedOutput: big, hidden: false, weight: 1 },
        { input: big, expectedOutput: big, hidden: true, weight: 1 },
      ],
    });
    const res = await slowPost(server, '/api/admin/addChallenge', JSON.stringify(input), token);
    expect(res.status, res.uploadError ?? res.body?.slice(0, 200)).toBe(200);
    const read = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'BIG-TESTS' },
      bearer(token),
    );
    expect((read.body as { testCases: { input: string }[] }).testCases[1]?.input).toBe(big);
  });

  it('answers a body over the limit with 413 and a message the client receives', async () => {
    const tooBig = JSON.stringify({ filler: 'x'.repeat(70 * 1024 * 1024) });
    const res = await slowPost(server, '/api/admin/addChallenge', tooBig, token);
    expect(res.uploadError).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body ?? '{}')).toEqual({
      message: messages.requestTooLarge.replace('{size}', '64 MB'),
    });
    // Any other call keeps its 1 MB, with the same polite answer.
    const login = await slowPost(
      server,
      '/api/admin/login',
      JSON.stringify({ x: 'y'.repeat(2_000_000) }),
      token,
    );
    expect(login).toMatchObject({ status: 413 });
    expect(JSON.parse(login.body ?? '{}')).toEqual({
      message: messages.requestTooLarge.replace('{size}', '1 MB'),
    });
  });
});
