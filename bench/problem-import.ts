/**
 * Importing a problem package (issue 14 items 6 and 7): a package of 100 tests of 1 MB each
 * (numbers, as test data is) through POST /api/admin/problems/import (no self-check) against
 * unzipping the same file alone (yauzl: every entry inflated and read through), with the process's
 * peak RSS growth during the import. Goals: RSS growth <= 64 MB; the time is printed as a ratio.
 * The client sends the zip from a file-backed Blob, so its own memory is not counted; on PGlite
 * the database runs in this process, and its memory counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import yauzl from 'yauzl';
import { problemImportPath } from '../src/contract/problems.ts';
import { zipFiles } from '../src/server/problems/package-zip.ts';
import { startBenchServer } from './bench-server.ts';

const TESTS = 100;
/** A test of 1 MB: the most a test may weigh while tests live in the challenge's rows. */
const TEST_BYTES = 1_000_000;
const RSS_GOAL_MB = 64;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Numbers on lines, as a test's data: 1 MB exactly, different for every test. */
function testData(seed: number): string {
  let text = '';
  let x = seed * 7919 + 1;
  while (text.length < TEST_BYTES) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += `${x}\n`;
  }
  return text.slice(0, TEST_BYTES - 1) + '\n';
}

async function packageZip(): Promise<Buffer> {
  const files = new Map<string, Buffer>([
    ['problem.yaml', Buffer.from('name: Big import\nlimits:\n  time_limit: 1\n')],
  ]);
  for (let i = 1; i <= TESTS; i++) {
    const data = Buffer.from(testData(i));
    files.set(`data/secret/${i}.in`, data);
    files.set(`data/secret/${i}.ans`, Buffer.from(`${i}\n`));
  }
  return zipFiles(files, 'bigimport');
}

export interface ImportFigures {
  database: string;
  zipMb: number;
  unzipMs: number;
  importMs: number;
  rssGrowthMb: number;
}

/** Unzipping alone: every entry of the zip file inflated and read through. */
function unzipAll(zipPath: string): Promise<void> {
  return new Promise((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      file.on('error', reject);
      file.on('end', () => resolve());
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable'));
          stream.on('error', reject);
          stream.on('end', () => file.readEntry());
          stream.resume();
        }),
      );
      file.readEntry();
    }),
  );
}

async function importBenchmark(zipPath: string, postgresAdminUrl?: string): Promise<ImportFigures> {
  const server = await startBenchServer({ postgresAdminUrl });
  try {
    const token = await server.adminToken();
    collectGarbage();
    let started = performance.now();
    await unzipAll(zipPath);
    const unzipMs = performance.now() - started;
    collectGarbage();
    const baseRss = process.memoryUsage.rss();
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 5);
    started = performance.now();
    try {
      const form = new FormData();
      form.append('selfCheck', 'false');
      form.append('package', await fs.openAsBlob(zipPath), 'bigimport.zip');
      const res = await fetch(server.url + problemImportPath, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { message?: string };
      if (res.status !== 200) throw new Error(`import: ${res.status} ${body.message ?? ''}`);
    } finally {
      clearInterval(sampler);
    }
    const importMs = performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    return {
      database: postgresAdminUrl ? 'PostgreSQL' : 'PGlite',
      zipMb: fs.statSync(zipPath).size / 1e6,
      unzipMs,
      importMs,
      rssGrowthMb: (peakRss - baseRss) / 1024 / 1024,
    };
  } finally {
    await server.close();
  }
}

/** Runs on each database and prints one table; returns how many goals were missed. */
export async function reportImportBenchmark(
  targets: readonly { label: string; url: string | undefined }[],
): Promise<number> {
  console.log(
    `\nProblem package import (issue 14): ${TESTS} tests of 1 MB each, the API's import (no self-check) vs reading the zip alone; peak RSS growth of the process during the import (goal <= ${RSS_GOAL_MB} MB; on PGlite the database runs in this process and counts too).`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const zipPath = path.join(dir, 'bigimport.zip');
  fs.writeFileSync(zipPath, await packageZip());
  const figures: ImportFigures[] = [];
  try {
    for (const target of targets) figures.push(await importBenchmark(zipPath, target.url));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  let missed = 0;
  console.table(
    figures.map((f) => {
      const met = f.rssGrowthMb <= RSS_GOAL_MB;
      if (!met) missed += 1;
      return {
        database: f.database,
        zip: `${f.zipMb.toFixed(1)} MB`,
        'unzip alone': `${(f.unzipMs / 1000).toFixed(2)} s`,
        import: `${(f.importMs / 1000).toFixed(2)} s`,
        'import vs unzip': `${(f.importMs / f.unzipMs).toFixed(1)}x`,
        'RSS growth': `${f.rssGrowthMb.toFixed(0)} MB ${met ? 'met' : 'NOT met'}`,
      };
    }),
  );
  return missed;
}
