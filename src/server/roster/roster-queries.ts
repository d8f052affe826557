/**
 * The one write of a roster upload: a batch of students upserted by email in a single statement
 * with five array parameters (unnest), so a batch costs one round trip and one short query text
 * however many rows it holds. New students get no password (they claim the account by signing
 * up or resetting it); existing ones have name, year, branch and college replaced and keep their
 * password. `xmax = 0` is PostgreSQL's (and PGlite's) way of telling an inserted row from an
 * updated one.
 */
import { sql } from 'drizzle-orm';
import type { RosterRecord } from '../../contract/roster-rows.ts';
import type { Db } from '../db/connection.ts';

export const ROSTER_BATCH_SIZE = 5000;

/** A PostgreSQL text[] literal, so each column travels as one parameter with either driver. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  const items = values.map((v) =>
    v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

type Counts = { inserted: number; total: number };

export async function upsertStudents(
  db: Db,
  records: readonly RosterRecord[],
): Promise<{ inserted: number; updated: number }> {
  if (records.length === 0) return { inserted: 0, updated: 0 };
  const column = (field: keyof RosterRecord) => textArrayLiteral(records.map((r) => r[field]));
  const result = await db.execute(sql`
    with written as (
      insert into users (email, name, year, branch, college)
      select * from unnest(
        ${column('email')}::text[], ${column('name')}::text[], ${column('year')}::text[],
        ${column('branch')}::text[], ${column('college')}::text[])
      on conflict (email) do update set
        name = excluded.name, year = excluded.year,
        branch = excluded.branch, college = excluded.college
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, count(*)::int as total
    from written`);
  const counts = (result as unknown as { rows: Counts[] }).rows[0];
  const inserted = counts?.inserted ?? 0;
  return { inserted, updated: (counts?.total ?? 0) - inserted };
}

/** Two uploads at once would otherwise risk a deadlock on rows they both touch. */
export async function lockRosterUploads(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('roster-upload'))`);
}
