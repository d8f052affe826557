// Errors before any route runs answer {message} like every other (issue 15 item 9): a bad escape
// in the URL, a request line too long (414) and headers too large (431), the last two read by the
// client as an answer, not as a reset connection.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { startServer, type TestServer } from './harness.ts';

/** A raw GET (fetch would refuse to send some of these), answering status and parsed body. */
function rawGet(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: text });
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('errors before any route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a bad escape in the URL with 400 {message}', async () => {
    expect(await rawGet(server, '/%ZZ')).toEqual({
      status: 400,
      body: { message: messages.badUrl },
    });
    expect(await rawGet(server, '/api/admin/results/%ZZ')).toEqual({
      status: 400,
      body: { message: messages.badUrl },
    });
  });

  it('answers a request line over the limit with 414 and headers over it with 431', async () => {
    expect(await rawGet(server, `/api/health?x=${'a'.repeat(100_000)}`)).toEqual({
      status: 414,
      body: { message: messages.urlTooLong },
    });
    expect(await rawGet(server, '/api/health', { 'x-big': 'a'.repeat(100_000) })).toEqual({
      status: 431,
      body: { message: messages.headersTooLarge },
    });
    // The server is still there for the next request.
    expect((await rawGet(server, '/api/health')).status).toBe(200);
  });
});
