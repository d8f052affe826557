// Problem packages with big test data (issue 14 items 6 and 7) through the API, on both databases:
// a hidden test's data over 64 KB is stored as a test file while the package is imported (streamed
// from the zip, never held whole), the package's own labelled submissions are judged against it,
// and the export streams the files back into the zip byte for byte. Then the bigsum fixture, with
// its 20 MB test generated here: the judge agrees with its 25 labelled submissions.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Challenge } from '../../src/contract/challenges.ts';
import type { ProblemImportResponse } from '../../src/contract/problems.ts';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { selfCheckRows, upload } from './problem-calls.ts';
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

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** 600,000 numbers (~4 MB) and their sum; the sum of all but the last is a wrong answer. */
const numbers = Array.from({ length: 600_000 }, (_, i) => (i * 7919 + 12345) % 1_000_000_000);
const bigIn = Buffer.from(`${numbers.length}\n${numbers.join('\n')}\n`);
const bigAns = Buffer.from(`${numbers.reduce((a, b) => a + b, 0)}\n`);
const SUM = 'import sys\nd = sys.stdin.buffer.read().split()\nprint(sum(map(int, d[1:])))\n';
const SHORT = 'import sys\nd = sys.stdin.buffer.read().split()\nprint(sum(map(int, d[1:-1])))\n';

function packageFiles(): Map<string, Buffer> {
  return new Map([
    ['problem.yaml', Buffer.from('name: Big sum\nlimits:\n  time_limit: 3\n')],
    ['data/sample/1.in', Buffer.from('2\n1\n2\n')],
    ['data/sample/1.ans', Buffer.from('3\n')],
    ['data/secret/1.in', Buffer.from('1\n5\n')],
    ['data/secret/1.ans', Buffer.from('5\n')],
    ['data/secret/big/1.in', bigIn],
    ['data/secret/big/1.ans', bigAns],
    ['submissions/accepted/sum.py', Buffer.from(SUM)],
    ['submissions/wrong_answer/short.py', Buffer.from(SHORT)],
  ]);
}

/** Every file of a zip, by its path under the top folder. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName.replace(/^[^/]+\//u, ''), Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    }),
  );
}

describe.each(databaseKinds)('problem packages with big test data on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores the big test as files, judges the submissions on it and exports it back', async () => {
    const res = await upload(server, admin, {
      name: 'bigsum.zip',
      data: await zipFiles(packageFiles(), 'bigsum'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as ProblemImportResponse;
    const rows = await selfCheckRows(server, admin, body);
    expect(rows.map((r) => [r.path, r.got])).toEqual([
      ['submissions/accepted/sum.py', 'Accepted'],
      ['submissions/wrong_answer/short.py', 'Wrong Answer'],
    ]);

    const read = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'BIGSUM' },
      admin,
    );
    const tests = (read.body as Challenge).testCases;
    expect(tests.map((t) => [t.input, t.inputFile?.sha256 ?? null])).toEqual([
      ['2\n1\n2\n', null],
      ['1\n5\n', null],
      ['', sha256(bigIn)],
    ]);
    // The answer is small: text in the challenge, as is every file up to 64 KB.
    expect(tests[2]).toMatchObject({
      expectedOutput: bigAns.toString(),
      inputFile: { size: bigIn.length },
    });
    const stored = await queryRows(server, 'select sha256, size::int as size from test_data');
    expect(stored).toEqual([{ sha256: sha256(bigIn), size: bigIn.length }]);

    const exported = await fetch(`${server.url}/api/admin/problems/BIGSUM/export`, {
      headers: admin,
    });
    expect(exported.status).toBe(200);
    const back = await unzip(Buffer.from(await exported.arrayBuffer()));
    const bigPath = [...back.keys()].find(
      (p) => p.startsWith('data/secret/big/') && p.endsWith('.in'),
    );
    expect(bigPath).toBeDefined();
    expect(sha256(back.get(bigPath ?? '') ?? Buffer.alloc(0))).toBe(sha256(bigIn));
  });

  it('refuses a sample over 1 MB with 413 and stores nothing', async () => {
    const files = packageFiles();
    files.set('data/sample/1.in', Buffer.alloc(1_100_000, 0x31));
    const before = await queryRows(server, 'select count(*)::int as n from test_data');
    const res = await upload(
      server,
      admin,
      { name: 'x.zip', data: await zipFiles(files, 'bigsample') },
      { selfCheck: 'false' },
    );
    expect(res.status).toBe(413);
    expect((res.body as { message: string }).message).toMatch(
      /data\/sample\/1\.in is 1\.1 MB: a sample is shown to students/u,
    );
    const after = await queryRows(server, 'select count(*)::int as n from test_data');
    expect(after).toEqual(before);
  });
});

const BIGSUM = path.resolve(import.meta.dirname, '../fixtures/problems/bigsum');

describe('the bigsum package, with a 20 MB test', () => {
  let server: TestServer;
  let admin: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
    admin = bearer(await adminToken(server));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bigsum-'));
    fs.cpSync(BIGSUM, path.join(dir, 'bigsum'), { recursive: true });
    execFileSync('/usr/bin/python3', [
      path.join(dir, 'bigsum', 'generate_big.py'),
      path.join(dir, 'bigsum'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'imports it and the judge agrees with every labelled submission',
    { timeout: 300_000 },
    async () => {
      const big = fs.statSync(path.join(dir, 'bigsum', 'data/secret/big/1.in')).size;
      expect(big).toBeGreaterThan(20_000_000);
      const { files, shortName } = readPackageFolder(path.join(dir, 'bigsum'));
      const res = await upload(server, admin, {
        name: 'bigsum.zip',
        data: await zipFiles(files, shortName),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as ProblemImportResponse;
      expect(body.challenge).toMatchObject({
        challengeId: 'BIGSUM',
        testCaseCount: 5,
        timeLimitMs: 1500,
      });
      const rows = await selfCheckRows(server, admin, body);
      expect(rows).toHaveLength(25);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
      const stored = await queryRows(server, 'select size::int as size from test_data');
      expect(stored).toEqual([{ size: big }]);
    },
  );
});
