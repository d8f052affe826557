/**
 * `npm run backup` and `npm run restore` for one installation (its configuration: DATA_DIR and
 * DATABASE_URL), over src/server/db/backup/ (the file and the database) and the judge queue (what
 * was waiting is queued again). The scripts in scripts/ only parse their arguments and print.
 *
 * A restore never leaves an installation half-restored: on the embedded database it builds the
 * new database in a folder of its own inside DATA_DIR and swaps it in only once every row is in,
 * so a damaged backup, a full disk or Ctrl+C leaves DATA_DIR as it was, --force or not.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { openOperatorDatabase } from '../db/operator-database.ts';
import { pgliteSocketIn, socketAnswers } from '../db/pglite-thread.ts';
import { restoreBackup, type RestoredBackup } from '../db/backup/restore-backup.ts';
import { writeBackup, type BackupSummary } from '../db/backup/write-backup.ts';
import { requeueRestored } from '../submissions/requeue-restored.ts';

/** The operator must act first (exit 1), as against a failure to run (exit 2). */
export class CommandRefused extends Error {}

const PGLITE = 'pglite';

export async function backupInstallation(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  release: string,
): Promise<BackupSummary & { via: string }> {
  if (!config.databaseUrl) {
    const exists = await fs.stat(path.join(config.dataDir, PGLITE, 'PG_VERSION')).catch(() => null);
    if (!exists)
      throw new CommandRefused(
        `There is no embedded database in DATA_DIR (${config.dataDir}) to back up: is DATA_DIR (or DATABASE_URL) the portal's?`,
      );
  }
  const database = await openOperatorDatabase(config, { migrate: false });
  try {
    const summary = await writeBackup(
      { pool: database.pool, kind: database.kind, dataDir: config.dataDir, release },
      file,
    );
    return { ...summary, via: database.via };
  } finally {
    await database.close();
  }
}

export type RestoreSummary = RestoredBackup & { requeued: number; into: string };

async function entriesOf(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

async function writeFiles(dataDir: string, files: Map<string, Buffer>): Promise<void> {
  for (const [name, content] of files)
    await fs.writeFile(path.join(dataDir, name), content, { mode: 0o600 });
}

export async function restoreInstallation(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'judgeQueue'>,
  file: string,
  force: boolean,
): Promise<RestoreSummary> {
  await fs.access(file).catch(() => {
    throw new CommandRefused(`There is no backup file ${file}.`);
  });
  return config.databaseUrl
    ? restorePostgres({ ...config, databaseUrl: config.databaseUrl }, file, force)
    : restorePglite(config, file, force);
}

async function restorePglite(
  config: Pick<Config, 'dataDir' | 'judgeQueue'>,
  file: string,
  force: boolean,
): Promise<RestoreSummary> {
  const { dataDir } = config;
  const socket = pgliteSocketIn(path.join(dataDir, PGLITE));
  if (socket && (await socketAnswers(socket.path)))
    throw new CommandRefused(
      `A portal is running on DATA_DIR (${dataDir}): stop it (and its npm run admin) before restoring.`,
    );
  const before = await entriesOf(dataDir);
  if (before.length > 0 && !force)
    throw new CommandRefused(
      `DATA_DIR (${dataDir}) is not empty: restore into a new folder, or add --force to replace everything it holds (npm run restore -- <file> --force).`,
    );
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const staging = path.join(dataDir, `.restoring-${process.pid}`);
  await fs.rm(staging, { recursive: true, force: true });
  let restored: RestoredBackup;
  let requeued: number;
  const database = await openDatabase({ kind: 'pglite', dataDir: staging });
  try {
    restored = await restoreBackup(file, database.pool, () => database.migrate());
    requeued = await requeueRestored(database, config.judgeQueue);
    await database.close();
  } catch (error) {
    await database.close().catch(() => undefined);
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  // Only now is what DATA_DIR held replaced: the old database, secrets and mail outbox.
  for (const name of before)
    await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  await fs.rename(staging, path.join(dataDir, PGLITE));
  await writeFiles(dataDir, restored.files);
  return { ...restored, requeued, into: path.join(dataDir, PGLITE) };
}

async function restorePostgres(
  config: Pick<Config, 'dataDir' | 'judgeQueue'> & { databaseUrl: string },
  file: string,
  force: boolean,
): Promise<RestoreSummary> {
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 });
  try {
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema in ('public', 'drizzle', 'pgboss')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      if (!force)
        throw new CommandRefused(
          'The database named by DATABASE_URL is not empty: restore into a new database, or add --force to drop what the portal keeps in it (schemas public, drizzle and pgboss).',
        );
      await database.pool.query(
        'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
      );
    }
    const restored = await restoreBackup(file, database.pool, () => database.migrate());
    const requeued = await requeueRestored(database, config.judgeQueue);
    await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    // A backup taken with JWT_SECRET set has no jwt-secret file: nothing to write for it.
    await writeFiles(config.dataDir, restored.files);
    return { ...restored, requeued, into: 'the database named by DATABASE_URL' };
  } finally {
    await database.close();
  }
}
