/**
 * For the migration tests: an empty database (a PGlite folder, or a scratch database on the
 * PostgreSQL server TEST_DATABASE_URL names) that a test migrates up to an older release, fills
 * as that release did, then migrates to today.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateUpTo } from '../../src/server/db/backup/migrate-up-to.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { readMigrationJournal } from '../../src/server/db/migration-journal.ts';
import { createScratchDatabase } from '../../src/server/db/scratch-database.ts';
import type { DatabaseKind } from './harness.ts';

export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'portal_test');
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    return { database, drop: scratch.drop };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-api-migration-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  return { database, drop: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Migrates `database` up to and including the migration whose tag starts with `prefix`. */
export async function migrateThrough(database: DatabaseHandle, prefix: string): Promise<void> {
  const { entries } = await readMigrationJournal();
  const entry = entries.find((e) => e.tag.startsWith(prefix));
  if (!entry) throw new Error(`migration ${prefix} is missing`);
  await migrateUpTo(database.pool, entry.when);
}
