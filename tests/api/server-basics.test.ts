import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress-plugin.ts';
import { messages } from '../../src/contract/messages.ts';
import { getChallengePath } from '../../src/contract/challenges.ts';
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
import { seedChallenge } from './results-fixtures.ts';

describe.each(databaseKinds)('health and errors on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports health', async () => {
    const res = await call(server, 'GET', '/api/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    expect(await call(server, 'GET', '/api/user/nothing-here')).toMatchObject({
      status: 404,
      body: { message: messages.notFound },
    });
    expect((await call(server, 'POST', '/api/nothing', { a: 1 })).status).toBe(404);
  });

  it('refuses an oversized body with 413 {message}', async () => {
    const res = await call(server, 'POST', '/api/user/loginSignUp', {
      email: 'a@b.co',
      password: 'x'.repeat(2_000_000),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('hides a server fault behind a generic 500 {message}, without a stack trace', async () => {
    // Losing the database mid-flight is the realistic fault: the health check must not leak it.
    await server.database.close();
    const res = await call(server, 'GET', '/api/health');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: messages.internalError });
    expect(JSON.stringify(res.body)).not.toMatch(/at |Error|\.ts/);
  });
});

describe('serving the built web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startServer('pglite', { STATIC_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for deep links, revalidated on every load', async () => {
    for (const page of ['/', '/challenges/ABC-123', '/forgot-password?token=x', '/adminDash']) {
      const res = await fetch(server.url + page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves the app for a navigation to a deep link with a dot, such as test code CS.101', async () => {
    const res = await fetch(server.url + '/challenges/CS.101', {
      headers: { accept: 'text/html,*/*;q=0.8' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const script = await fetch(server.url + '/challenges/CS.101', { headers: { accept: '*/*' } });
    expect(script.status).toBe(404);
  });

  it('serves a file added after the server started (a rebuild under a running server)', async () => {
    await fs.writeFile(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    const res = await fetch(server.url + '/assets/late-def456.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2)');
  });

  it('caches fingerprinted assets for good and 404s missing files', async () => {
    const asset = await fetch(server.url + '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(server.url + '/assets/missing-1.js', {
      headers: { accept: 'text/html' },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: messages.notFound });
  });

  it('sends a content security policy that allows only its own scripts', async () => {
    const res = await fetch(server.url + '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('compression', () => {
  const builtScript = 'export const answer = 42;\n'.repeat(400);
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'big-abc.js'), 'console.log("x");\n'.repeat(2000));
    // A page as the build leaves it: with the copies of scripts/precompress-plugin.ts.
    await fs.writeFile(path.join(dist, 'assets', 'built-abc.js'), builtScript);
    expect(await precompressDirectory(dist)).toEqual([
      path.join(dist, 'assets', 'big-abc.js'),
      path.join(dist, 'assets', 'built-abc.js'),
    ]);
    // The copies of big-abc.js go: it stands for a file the build did not compress.
    await fs.rm(path.join(dist, 'assets', 'big-abc.js.br'));
    await fs.rm(path.join(dist, 'assets', 'big-abc.js.gz'));
    server = await startServer('pglite', { STATIC_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends scripts brotli- or gzip-compressed to browsers that accept it, and plain otherwise', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: number }>((resolve, reject) => {
        const req = request(
          `${server.url}/assets/big-abc.js`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const plain = await get('identity');
    const br = await get('br, gzip');
    const gzip = await get('gzip');
    expect(plain.encoding).toBeUndefined();
    expect(br.encoding).toBe('br');
    expect(gzip.encoding).toBe('gzip');
    expect(br.bytes).toBeLessThan(plain.bytes / 10);
  });

  it("sends the build's own brotli and gzip copies as they are", async () => {
    const url = `${server.url}/assets/built-abc.js`;
    const copy = (suffix: string) =>
      fs.readFile(path.join(dist, 'assets', `built-abc.js${suffix}`));
    // fetch would decode the body: node:http hands over the bytes as sent.
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(await copy('.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(builtScript);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(await copy('.gz'))).toBe(true);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(builtScript);
  });
});

describe('JSON answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends one of tens of KB compressed in one piece, with its length (app.ts syncThreshold)', async () => {
    // About 24 KB of statement, over the 8 KB the library streams from on two cores.
    const statement = Array.from({ length: 800 }, (_, i) => `Line ${i}: ${'ab'.repeat(i % 20)}`);
    await seedChallenge(server, 'BIG-STATEMENT');
    await queryRows(server, 'update challenges set challenge_desc = $1 where challenge_id = $2', [
      statement.join('\n'),
      'BIG-STATEMENT',
    ]);
    const headers = {
      ...bearer(await adminToken(server)),
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
    };
    // fetch would decode the body: node:http hands over the bytes as sent.
    const { request } = await import('node:http');
    const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}${getChallengePath}`,
          { method: 'POST', headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ challengeId: 'BIG-STATEMENT' }));
      },
    );
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const json = JSON.parse(zlib.brotliDecompressSync(answer.body).toString()) as {
      challengeDesc: string;
    };
    expect(json.challengeDesc.length).toBeGreaterThan(20_000);
    expect(json.challengeDesc.split('\n')).toEqual(statement);
  });
});
