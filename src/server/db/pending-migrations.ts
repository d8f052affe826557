/**
 * How many migrations the database still lacks, for the progress line printed before migrating
 * (issue 15 item 13): a long first start or upgrade says what it is doing. Mirrors drizzle's rule:
 * a migration is applied when it is newer than the newest one recorded in the database.
 */
import type pg from 'pg';
import { readMigrationJournal } from './migration-journal.ts';

export async function pendingMigrations(pool: pg.Pool): Promise<number> {
  const journal = await readMigrationJournal();
  // drizzle's default table; absent on a new database, where everything is pending.
  const table = await pool.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let last = 0;
  if (table.rows[0]?.present) {
    const { rows } = await pool.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    last = Number(rows[0]?.last ?? 0);
  }
  return journal.entries.filter((entry) => entry.when > last).length;
}
