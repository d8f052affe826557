/**
 * A multipart upload over its route's limit (issue 15 item 9): the roster upload, a big test file
 * and a problem package are each streamed by a real HTTP client the way a browser sends them, in
 * 64 KiB writes past the limit, and the client must read the 413 and its `{message}` (not a reset
 * connection, which a browser shows as "fetch failed"), and nothing may be left in the database.
 * On both databases: the test-data and package routes write while they read.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { PROBLEM_PACKAGE_FIELD, problemImportPath } from '../../src/contract/problems.ts';
import { ROSTER_MAX_FILE_BYTES, rosterUploadPath } from '../../src/contract/roster.ts';
import { TEST_DATA_FIELD, testDataUploadPath } from '../../src/contract/test-data.ts';
import { challenges, testData, users } from '../../src/server/db/schema.ts';
import { adminEnv, adminToken, databaseKinds, startServer, type TestServer } from './harness.ts';
import { streamedPost, WRITE_BYTES, type StreamedAnswer } from './streamed-post.ts';

const BOUNDARY = '----portalTestBoundary7MA4YWxkTrZu0gW';

type Part = { name: string; value: string } | { name: string; fileName: string; size: number };

/** The multipart body's pieces: part headers as text, file contents as sizes of filler. */
function multipartPieces(parts: Part[]): (Buffer | number)[] {
  const pieces: (Buffer | number)[] = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      pieces.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.size,
        Buffer.from('\r\n'),
      );
    }
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return pieces;
}

/** Streams the multipart body, its file contents as filler, in WRITE_BYTES pieces. */
function streamUpload(server: TestServer, path: string, parts: Part[], token: string) {
  const pieces = multipartPieces(parts);
  const filler = Buffer.alloc(WRITE_BYTES, 'x');
  let piece = 0;
  let left = -1; // filler bytes still to send of the current piece
  const next = (): Buffer | undefined => {
    for (;;) {
      const current = pieces[piece];
      if (current === undefined) return undefined;
      if (typeof current !== 'number') {
        piece += 1;
        return current;
      }
      if (left < 0) left = current;
      if (left === 0) {
        left = -1;
        piece += 1;
        continue;
      }
      const size = Math.min(WRITE_BYTES, left);
      left -= size;
      return filler.subarray(0, size);
    }
  };
  return streamedPost(server, path, {
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
    },
    length: pieces.reduce<number>((sum, p) => sum + (typeof p === 'number' ? p : p.length), 0),
    next,
  });
}

const fields = (n: number): Part[] =>
  Array.from({ length: n }, (_, i) => ({ name: `extra${i}`, value: 'x' }));

describe.each(databaseKinds)('multipart uploads over their limit (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const TEST_DATA_MAX_MB = 2;

  beforeAll(async () => {
    server = await startServer(kind, { ...adminEnv, TEST_DATA_MAX_MB: String(TEST_DATA_MAX_MB) });
    token = await adminToken(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rows = async () => {
    const { db } = server.database;
    const [u] = await db.select({ n: count() }).from(users);
    const [t] = await db.select({ n: count() }).from(testData);
    const [c] = await db.select({ n: count() }).from(challenges);
    return { users: u?.n, testData: t?.n, challenges: c?.n };
  };

  const expectRefused = (outcome: StreamedAnswer, message: string, status = 413) => {
    expect(outcome.uploadError, JSON.stringify(outcome)).toBeUndefined();
    expect(outcome.status).toBe(status);
    expect(JSON.parse(outcome.body ?? '{}')).toEqual({ message });
  };

  it('answers a roster file over 10 MB with 413 and its message, writing nothing', async () => {
    const before = await rows();
    const outcome = await streamUpload(
      server,
      rosterUploadPath,
      [{ name: 'file', fileName: 'roster.csv', size: ROSTER_MAX_FILE_BYTES + 4 * 1024 * 1024 }],
      token,
    );
    expectRefused(outcome, messages.rosterTooLarge);
    expect(await rows()).toEqual(before);
  });

  it('answers a roster upload refused before its file (too many fields) the same way', async () => {
    const outcome = await streamUpload(
      server,
      rosterUploadPath,
      [...fields(12), { name: 'file', fileName: 'roster.csv', size: 6 * 1024 * 1024 }],
      token,
    );
    expectRefused(outcome, messages.rosterNotMultipart, 400);
  });

  it('answers a test file over TEST_DATA_MAX_MB with 413 and its message, keeping nothing', async () => {
    const before = await rows();
    const outcome = await streamUpload(
      server,
      testDataUploadPath,
      [
        {
          name: TEST_DATA_FIELD,
          fileName: 'big.in',
          size: (TEST_DATA_MAX_MB + 6) * 1024 * 1024,
        },
      ],
      token,
    );
    expectRefused(outcome, messages.testDataTooLarge.replace('{size}', `${TEST_DATA_MAX_MB}.0 MB`));
    expect(await rows()).toEqual(before);
  });

  it('answers a problem package upload over its part limit with 413, writing nothing', async () => {
    const before = await rows();
    const outcome = await streamUpload(
      server,
      problemImportPath,
      [
        ...fields(10),
        { name: PROBLEM_PACKAGE_FIELD, fileName: 'hello.zip', size: 1024 },
        { name: 'more', fileName: 'more.zip', size: 8 * 1024 * 1024 },
      ],
      token,
    );
    expectRefused(outcome, messages.packageTooLarge);
    expect(await rows()).toEqual(before);
  });

  it('still answers a good small upload on the same kind of connection', async () => {
    const outcome = await streamUpload(
      server,
      rosterUploadPath,
      [{ name: 'file', fileName: 'roster.csv', size: 0 }],
      token,
    );
    expect(outcome.uploadError).toBeUndefined();
    expect(outcome.status).toBe(400);
    expect(JSON.parse(outcome.body ?? '{}')).toEqual({ message: messages.selectFile });
  });
});
