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
import * as schema from '../schema.ts';

type Journal = { entries: { when: number; tag: string }[] };

/** Each migration's `when` (drizzle's created_at once applied), oldest first. */
export async function releaseMigrations(): Promise<number[]> {
  return (await readJournal()).entries.map((e) => e.when);
}

async function readJournal(): Promise<Journal & Record<string, unknown>> {
  const text = await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return JSON.parse(text) as Journal & Record<string, unknown>;
}

export async function migrateUpTo(pool: pg.Pool, lastWhen: number): Promise<void> {
  const journal = await readJournal();
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
