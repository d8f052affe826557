/**
 * Loads a backup (backup-format.ts) into an empty database: the schema at the backup's migration
 * level, every row in one transaction (all of them or none), the sequences where they stood, then
 * this release's later migrations. The generated secrets are returned for the caller to write
 * once the database is in place. A file cut short, damaged, or written by a newer release is
 * refused before anything is committed.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import type pg from 'pg';
import {
  BACKED_UP_FILES,
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  BackupFileError,
  parseBackupLine,
  type BackupEnd,
  type BackupHeader,
} from './backup-format.ts';
import { migrateUpTo, releaseMigrations } from './migrate-up-to.ts';
import { quoteIdent } from './quote-ident.ts';

/** Rows per insert, and the most JSON text one insert carries (test data rows are big). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

export type RestoredBackup = {
  header: BackupHeader;
  rows: Record<string, number>;
  /** DATA_DIR files to write back: name -> content. */
  files: Map<string, Buffer>;
};

async function* backupLines(file: string): AsyncGenerator<ReturnType<typeof parseBackupLine>> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of reader) {
      n += 1;
      if (text !== '') yield parseBackupLine(text, n);
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      `the backup could not be read past line ${n} (${(error as Error).message}): it is not a backup file, or it is damaged`,
    );
  }
}

/** The backup's last migration, when this release can load it (its migrations are ours, in order). */
export function checkHeader(header: BackupHeader, ours: number[]): number {
  if (header.version > BACKUP_FORMAT_VERSION)
    throw new BackupFileError(
      `this backup has format version ${header.version}, written by a newer release (${header.release}); this release reads versions up to ${BACKUP_FORMAT_VERSION}: restore it with that release or a later one`,
    );
  const theirs = header.migrations;
  const prefix = theirs.every((when, i) => ours[i] === when);
  const last = theirs.at(-1);
  if (!prefix || last === undefined)
    throw new BackupFileError(
      `this backup's database has ${theirs.length} migrations that this release does not have in that order (it has ${ours.length}): it was written by a newer or a different release (${header.release})`,
    );
  return last;
}

/**
 * `pool` is an empty database of either kind; `migrateRest` applies this release's migrations
 * (the database handle's own, with its lock on PostgreSQL).
 */
export async function restoreBackup(
  file: string,
  pool: pg.Pool,
  migrateRest: () => Promise<void>,
): Promise<RestoredBackup> {
  const lines = backupLines(file);
  const first = await lines.next();
  if (first.done || first.value[0] !== BACKUP_MAGIC)
    throw new BackupFileError('this file is not a portal backup (it has no backup header)');
  const header = first.value[1];
  await migrateUpTo(pool, checkHeader(header, await releaseMigrations()));

  const client = await pool.connect();
  const rows: Record<string, number> = {};
  const files = new Map<string, Buffer>();
  let end: BackupEnd | undefined;
  try {
    await client.query('begin');
    // Rows go in table by table, not in the order their foreign keys need, and no trigger of
    // ours should fire for rows that are only coming back.
    await client.query('set local session_replication_role = replica');
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    // Whatever the migrations seeded is in the backup too.
    if (tables.rows.length > 0)
      await client.query(
        `truncate ${tables.rows.map((t) => `public.${quoteIdent(t.name)}`).join(', ')}`,
      );

    let table: string | undefined;
    let columns = '';
    let batch: string[] = [];
    let batchChars = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const target = `public.${quoteIdent(table)}`;
      await client.query(
        `insert into ${target} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${target}, $1::json)`,
        [`[${batch.join(',')}]`],
      );
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
      batchChars = 0;
    };

    for await (const line of lines) {
      if (end) throw new BackupFileError('the backup goes on after its end line: it is damaged');
      switch (line[0]) {
        case 'table': {
          await flush();
          table = line[1];
          rows[table] = 0;
          const { rows: cols } = await client.query<{ name: string }>(
            `select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
              order by ordinal_position`,
            [table],
          );
          if (cols.length === 0)
            throw new BackupFileError(`the backup has a table ${table} that this schema lacks`);
          columns = cols.map((c) => quoteIdent(c.name)).join(', ');
          break;
        }
        case 'row': {
          if (!table) throw new BackupFileError('the backup has a row before any table');
          const json = JSON.stringify(line[1]);
          batch.push(json);
          batchChars += json.length;
          if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
          break;
        }
        case 'sequence':
          await flush();
          await client.query('select setval($1::regclass, $2::bigint, $3)', [
            `public.${quoteIdent(line[1])}`,
            line[2],
            line[3],
          ]);
          break;
        case 'file':
          await flush();
          if ((BACKED_UP_FILES as readonly string[]).includes(line[1]))
            files.set(line[1], Buffer.from(line[2], 'base64'));
          break;
        case 'end':
          await flush();
          end = line[1];
          break;
        case BACKUP_MAGIC:
          throw new BackupFileError('the backup has a second header: it is damaged');
      }
    }
    if (!end)
      throw new BackupFileError(
        'the backup ends before its end line: it was cut short (a full disk, a copy stopped half-way)',
      );
    for (const [name, count] of Object.entries(end.rows))
      if ((rows[name] ?? 0) !== count)
        throw new BackupFileError(
          `the backup lists ${count} rows of ${name} but holds ${rows[name] ?? 0}: it is damaged`,
        );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await migrateRest();
  return { header, rows, files };
}
