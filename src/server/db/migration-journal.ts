/**
 * drizzle's journal of this release's migrations (migrations/meta/_journal.json): each entry's
 * `when` is what drizzle records as `created_at` once the migration is applied, and `tag` names
 * its SQL file. Read by the start's progress line (pending-migrations.ts) and by a restore, which
 * applies them up to a backup's level (backup/migrate-up-to.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from './connection.ts';

export type MigrationJournal = { entries: { when: number; tag: string }[] } & Record<
  string,
  unknown
>;

export async function readMigrationJournal(): Promise<MigrationJournal> {
  const text = await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return JSON.parse(text) as MigrationJournal;
}
