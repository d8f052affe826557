/**
 * Roster upload: 10,000 and 100,000 generated students as .xlsx and .csv, each uploaded to the
 * real server (PGlite) through the real route, next to exceljs parsing the same file alone in the
 * same run (its streaming reader for .xlsx, with the options the server uses; its CSV reader for
 * .csv, although the server reads CSV with its own parser), and next to the upload's database
 * writes alone (see writesAlone). Prints wall time, the peak RSS during the upload and the ratio
 * to the exceljs baseline. Targets: 10k < 2 s, 100k < 15 s, ratio <= 1.5, peak memory about the
 * same for 10k and 100k rows. The large .xlsx is 50,000 rows (CASES).
 *
 * Also the CPU time of this process (all its threads) for each: the server reads an .xlsx on a
 * worker thread while it writes, so the wall-time ratio can be lower than the work ratio, and the
 * CPU column shows both. It counts the in-process client (the fetch) and, on PGlite, the
 * database, but not a PostgreSQL server, which runs in its own processes. The .csv files hold the
 * same students as the .xlsx before them (the first 50,000 of the 100,000 .csv), so their
 * uploads find existing students whose details and enrolment did not change.
 */
import { startBenchServer } from './bench-server.ts';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { rosterUploadPath, rosterUploadResultSchema } from '../src/contract/roster.ts';
import {
  createRosterRowChecker,
  matchRosterHeader,
  type RosterRecord,
} from '../src/contract/roster-rows.ts';
import type { Db } from '../src/server/db/connection.ts';
import { DEFAULT_COURSE_ID } from '../src/contract/courses.ts';
import {
  enrolStudents,
  lockRosterUploads,
  ROSTER_BATCH_SIZE,
  upsertStudents,
} from '../src/server/roster/roster-queries.ts';

/**
 * 10,000 and 100,000 students; an .xlsx of 100,000 passes ROSTER_MAX_UNCOMPRESSED_BYTES (24 MB
 * unpacked, about 50,000 students: contract/roster.ts) and is refused by design, so the large
 * .xlsx is 50,000 rows.
 */
const CASES = [
  { rows: 10_000, kind: 'xlsx' },
  { rows: 10_000, kind: 'csv' },
  { rows: 50_000, kind: 'xlsx' },
  { rows: 100_000, kind: 'csv' },
] as const;

export type RosterFigure = {
  file: string;
  rows: number;
  sizeMb: number;
  uploadMs: number;
  exceljsMs: number;
  writesMs: number;
  ratio: number;
  uploadCpuMs: number;
  exceljsCpuMs: number;
  peakRssMb: number;
  baseRssMb: number;
  ok: boolean;
};

const header = ['Name', 'Email', 'Year', 'Branch', 'College Name'];
const student = (i: number) => [
  `Student ${i}`,
  `student${i}@bench.test`,
  String((i % 4) + 1),
  'CSE',
  'GEC',
];

async function makeXlsx(rows: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `roster-bench-${crypto.randomUUID()}.xlsx`);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
  });
  const sheet = writer.addWorksheet('Students');
  sheet.addRow(header).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(student(i)).commit();
  await writer.commit();
  const data = await fs.readFile(file);
  await fs.rm(file);
  return data;
}

function makeCsv(rows: number): Buffer {
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) lines.push(student(i).join(','));
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/**
 * A full garbage collection, also when node was started without --expose-gc (npm run bench is):
 * otherwise the memory the baseline's CSV reader leaves behind (it holds the whole sheet) is
 * still in the RSS when the upload starts, and counted as the upload's peak.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Milliseconds of CPU this process (every thread) has used since `since`. */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function exceljsAlone(kind: 'xlsx' | 'csv', data: Buffer): Promise<number> {
  const started = performance.now();
  let seen = 0;
  if (kind === 'xlsx') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
    });
    for await (const sheet of reader) for await (const row of sheet) seen += row.number > 0 ? 1 : 0;
  } else {
    const sheet = await new ExcelJS.Workbook().csv.read(Readable.from([data]), {
      parserOptions: {},
      map: (v: unknown) => v,
    });
    seen = sheet.rowCount;
  }
  if (seen === 0) throw new Error('exceljs read no rows');
  return performance.now() - started;
}

/** The checked records of the generated file, as the server's row checker makes them. */
function rosterRecords(rows: number): RosterRecord[] {
  const columns = matchRosterHeader(header);
  if (!columns) throw new Error('the bench header does not match');
  const check = createRosterRowChecker(columns);
  const records: RosterRecord[] = [];
  for (let i = 0; i < rows; i++) {
    const verdict = check(i + 2, student(i));
    if (!verdict.ok) throw new Error(verdict.message);
    records.push(verdict.record);
  }
  return records;
}

class RollBack extends Error {}

/**
 * The upload's database work alone: the same students through the same queries, batch by batch
 * in one transaction, with no parse and no HTTP, then rolled back (and the table vacuumed) so the
 * upload that follows finds the database as it was. It shows what the writes cost by themselves:
 * on a 2-core machine the upload cannot beat the slower of this and the parse, and the two
 * compete for the same cores.
 */
async function writesAlone(db: Db, records: readonly RosterRecord[]): Promise<number> {
  const started = performance.now();
  let writtenMs = 0;
  try {
    await db.transaction(async (tx) => {
      await lockRosterUploads(tx);
      for (let at = 0; at < records.length; at += ROSTER_BATCH_SIZE) {
        const batch = records.slice(at, at + ROSTER_BATCH_SIZE);
        const { ids } = await upsertStudents(tx, batch);
        await enrolStudents(tx, DEFAULT_COURSE_ID, batch, ids);
      }
      writtenMs = performance.now() - started;
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  await db.execute(sql`vacuum users`);
  await db.execute(sql`vacuum enrolments`);
  return writtenMs;
}

/** Samples RSS every 20 ms while `work` runs; returns the peak in MB. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** `postgresAdminUrl` given: on a scratch database on that server instead of PGlite. */
export async function rosterBenchmark(postgresAdminUrl?: string): Promise<RosterFigure[]> {
  const server = await startBenchServer({ postgresAdminUrl });
  const url = `${server.url}${rosterUploadPath}`;
  const token = await server.adminToken();

  const figures: RosterFigure[] = [];
  try {
    for (const { rows, kind } of CASES) {
      const data = kind === 'xlsx' ? await makeXlsx(rows) : makeCsv(rows);
      collectGarbage();
      const exceljsCpu = process.cpuUsage();
      const exceljsMs = await exceljsAlone(kind, data);
      const exceljsCpuMs = cpuMsSince(exceljsCpu);
      const writesMs = await writesAlone(server.db, rosterRecords(rows));
      collectGarbage();
      const baseRssMb = process.memoryUsage.rss() / 1024 / 1024;
      const form = new FormData();
      form.append('file', new Blob([data]), `roster.${kind}`);
      const uploadCpu = process.cpuUsage();
      const started = performance.now();
      const { result, peakMb } = await peakRss(async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return rosterUploadResultSchema.safeParse(await response.json());
      });
      const uploadMs = performance.now() - started;
      const uploadCpuMs = cpuMsSince(uploadCpu);
      const ok = result.success && result.data.inserted + result.data.updated === rows;
      figures.push({
        file: kind,
        rows,
        sizeMb: data.length / 1024 / 1024,
        uploadMs,
        exceljsMs,
        writesMs,
        ratio: uploadMs / exceljsMs,
        uploadCpuMs,
        exceljsCpuMs,
        peakRssMb: peakMb,
        baseRssMb,
        ok,
      });
    }
  } finally {
    await server.close();
  }
  return figures;
}

/** Runs the benchmark and prints its table; returns how many uploads failed. */
export async function reportRosterBenchmark(postgresAdminUrl?: string): Promise<number> {
  console.log(
    `\nRoster upload on ${postgresAdminUrl ? 'PostgreSQL' : 'PGlite'} (real route, one transaction): wall time, peak RSS of the process, ` +
      'ratio to exceljs parsing the same file alone. Targets: 10k < 2 s, 100k < 15 s, ratio <= 1.5.\n' +
      'Writes alone: the same students through the same queries without parse or HTTP (rolled back); ' +
      '"vs the slower": the upload against the slower of exceljs alone and writes alone.',
  );
  const figures = await rosterBenchmark(postgresAdminUrl);
  console.table(
    figures.map((f) => ({
      file: f.file,
      rows: f.rows.toLocaleString(),
      size: `${f.sizeMb.toFixed(1)} MB`,
      upload: `${(f.uploadMs / 1000).toFixed(2)} s`,
      'exceljs alone': `${(f.exceljsMs / 1000).toFixed(2)} s`,
      'vs exceljs': `${f.ratio.toFixed(2)}x`,
      'writes alone': `${(f.writesMs / 1000).toFixed(2)} s`,
      'vs the slower': `${(f.uploadMs / Math.max(f.exceljsMs, f.writesMs)).toFixed(2)}x`,
      'CPU upload / exceljs': `${(f.uploadCpuMs / 1000).toFixed(2)} / ${(f.exceljsCpuMs / 1000).toFixed(2)} s`,
      'peak RSS': `${f.peakRssMb.toFixed(0)} MB`,
      'RSS before upload': `${f.baseRssMb.toFixed(0)} MB`,
      ok: f.ok,
    })),
  );
  return figures.filter((f) => !f.ok).length;
}
