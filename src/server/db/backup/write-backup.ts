/**
 * Writes a backup (backup-format.ts) of a running portal: every table of the product's schema in
 * one REPEATABLE READ, read-only transaction, so the rows form one consistent moment (a
 * submission is there with its attempt, or neither is), and the generated secrets of DATA_DIR.
 * The judge queue (pg-boss's schema) is left out: its jobs name submissions, which the restore
 * puts back in the queue itself (requeue-restored.ts), so a queue library's internal tables never
 * have to cross releases.
 *
 * On PostgreSQL the transaction reads a snapshot while the servers go on writing. On the embedded
 * database every connection shares PGlite's one session, so pglite-socket serves the others'
 * queries after the backup's transaction ends: requests wait meanwhile (they are not refused or
 * lost), for as long as the rows take to read: `npm run backup` prints that time.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type pg from 'pg';
import {
  BACKED_UP_FILES,
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  type BackupEnd,
  type BackupHeader,
} from './backup-format.ts';
import { quoteIdent } from './quote-ident.ts';

/** Rows fetched from a cursor at a time: bounded memory whatever a table holds. */
const FETCH_ROWS = 500;

export type BackupSummary = {
  file: string;
  rows: Record<string, number>;
  files: string[];
  bytes: number;
  /** How long the database was held by the backup's transaction. */
  transactionMs: number;
};

export type BackupSource = {
  pool: pg.Pool;
  kind: BackupHeader['database'];
  /** Where the generated secrets are (they are left out when absent: set in the environment). */
  dataDir: string;
  release: string;
};

export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const lines = new PassThrough({ writableHighWaterMark: 1 << 20 });
  const written = pipeline(
    lines,
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  // A failed pipeline (a full disk) rejects `written`; the writes below then stop waiting.
  let failed: unknown;
  written.catch((error: unknown) => (failed = error));
  const write = async (line: string) => {
    if (failed) throw failed;
    if (!lines.write(`${line}\n`))
      await new Promise<void>((resolve) => {
        lines.once('drain', resolve);
        written.finally(resolve).catch(() => undefined);
      });
  };

  try {
    const end: BackupEnd = { rows: {}, files: [] };
    const transactionMs = await readDatabase(source, write, end);
    for (const name of BACKED_UP_FILES) {
      const content = await fsp.readFile(path.join(source.dataDir, name)).catch(() => null);
      if (!content) continue;
      await write(JSON.stringify(['file', name, content.toString('base64')]));
      end.files.push(name);
    }
    await write(JSON.stringify(['end', end]));
    lines.end();
    await written;
    await fsp.rename(partial, file);
    const { size } = await fsp.stat(file);
    return { file, rows: end.rows, files: end.files, bytes: size, transactionMs };
  } catch (error) {
    lines.destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

async function readDatabase(
  source: BackupSource,
  write: (line: string) => Promise<void>,
  end: BackupEnd,
): Promise<number> {
  const client = await source.pool.connect();
  const began = performance.now();
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await client.query<{ created_at: string }>(
      'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
    );
    const header: BackupHeader = {
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: source.kind,
      migrations: migrations.rows.map((r) => Number(r.created_at)),
      release: source.release,
    };
    await write(JSON.stringify([BACKUP_MAGIC, header]));
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    for (const { name } of tables.rows) {
      await write(JSON.stringify(['table', name]));
      let count = 0;
      await client.query(
        `declare backup_rows no scroll cursor for
           select row_to_json(t)::text as j from public.${quoteIdent(name)} t`,
      );
      for (;;) {
        const batch = await client.query<{ j: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
        // The row's JSON as Postgres wrote it, not parsed and written again.
        for (const row of batch.rows) await write(`["row",${row.j}]`);
        count += batch.rows.length;
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await client.query('close backup_rows');
      end.rows[name] = count;
    }
    const sequences = await client.query<{ name: string }>(
      `select sequence_name as name from information_schema.sequences
        where sequence_schema = 'public' order by sequence_name`,
    );
    for (const { name } of sequences.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from public.${quoteIdent(name)}`,
      );
      const position = rows[0];
      if (position)
        await write(JSON.stringify(['sequence', name, position.last_value, position.is_called]));
    }
    await client.query('commit');
    return performance.now() - began;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
