/**
 * Applies this release's migrations up to a given one and no further: a backup's rows are loaded
 * into the schema they were taken from, and the later migrations then change them as they change
 * any older database. drizzle's migrator applies every migration of a folder, so it is handed a
 * copy of the folder whose journal ends at that migration.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../connection.ts';
import { readMigrationJournal } from '../migration-journal.ts';
import * as schema from '../schema.ts';

/** Each migration's `when` (drizzle's created_at once applied), oldest first. */
export async function releaseMigrations(): Promise<number[]> {
  return (await readMigrationJournal()).entries.map((e) => e.when);
}

export async function migrateUpTo(pool: pg.Pool, lastWhen: number): Promise<void> {
  const journal = await readMigrationJournal();
  const entries = journal.entries.filter((e) => e.when <= lastWhen);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  try {
    await fs.mkdir(path.join(folder, 'meta'));
    await fs.writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    );
    for (const { tag } of entries)
      await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrate(drizzle(pool, { schema }), { migrationsFolder: folder });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
