// The judge's local copies of stored test files (src/server/test-data/test-data-cache.ts) on both
// databases: a file is fetched once however many runs ask for it at the same time, comes back
// byte for byte, and copies nobody holds are removed, least recently used first, once the folder
// is over its size.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTestData } from '../../src/server/test-data/test-data-queries.ts';
import { TestDataCache } from '../../src/server/test-data/test-data-cache.ts';
import { databaseKinds, queryRows, startServer, type TestServer } from './harness.ts';

const bytes = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * seed) & 0xff;
  return b;
};
async function* once(b: Buffer) {
  yield b;
}

describe.each(databaseKinds)('the judge test data cache on %s', (kind) => {
  let server: TestServer;
  let workDir: string;
  beforeAll(async () => {
    server = await startServer(kind);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-test-'));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('fetches a file once for runs asking at the same time, byte for byte', async () => {
    const data = bytes(3 * 1024 * 1024 + 17, 31);
    const { sha256 } = await storeTestData(server.database.db, once(data), 10 * 1024 * 1024);
    const cache = new TestDataCache(server.database.db, workDir);
    const copies = await Promise.all([1, 2, 3].map(() => cache.acquire(sha256)));
    const paths = new Set(copies.map((c) => c.path));
    expect(paths.size).toBe(1);
    const [copy] = paths;
    expect(fs.readFileSync(copy ?? '').equals(data)).toBe(true);
    expect(fs.statSync(copy ?? '').mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(workDir, 'testdata'))).toEqual([sha256]); // no part left
    for (const c of copies) c.release();
    await expect(cache.acquire('f'.repeat(64))).rejects.toThrow(/not in the database/u);
  });

  it('stores the same content uploaded twice at once only once', async () => {
    const data = bytes(2 * 1024 * 1024 + 5, 77);
    const db = server.database.db;
    const refs = await Promise.all([1, 2, 3].map(() => storeTestData(db, once(data), 1 << 30)));
    expect(new Set(refs.map((r) => r.sha256)).size).toBe(1);
    expect(refs.every((r) => r.size === data.length)).toBe(true);
    const rows = await queryRows(
      server,
      'select count(*)::int as n from test_data where sha256 = $1',
      [refs[0]?.sha256],
    );
    expect(rows[0]?.n).toBe(1);
    const orphans = await queryRows(
      server,
      'select count(*)::int as n from test_data where sha256 is null',
    );
    expect(orphans[0]?.n).toBe(0);
  });

  it('removes the least recently used copies nobody holds once over its size', async () => {
    const db = server.database.db;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-lru-'));
    const cache = new TestDataCache(db, dir, 2500); // room for two files of 1000 bytes
    const [a, b, c, d] = (
      await Promise.all(
        [1, 2, 3, 4].map((seed) => storeTestData(db, once(bytes(1000, seed + 100)), 10_000)),
      )
    ).map((ref) => ref.sha256);
    if (!a || !b || !c || !d) throw new Error('four files were stored');
    const held = await cache.acquire(a); // held all along: never removed
    (await cache.acquire(b)).release();
    (await cache.acquire(c)).release(); // a, b, c: over 2500, b is the oldest free one
    const names = () => fs.readdirSync(path.join(dir, 'testdata')).sort();
    expect(names()).toEqual([a, c].sort());
    (await cache.acquire(d)).release(); // a held, c older than d
    expect(names()).toEqual([a, d].sort());
    held.release();
    const again = await cache.acquire(b); // fetched again from the database
    expect(crypto.createHash('sha256').update(fs.readFileSync(again.path)).digest('hex')).toBe(b);
    again.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
