// The row limit of a roster as it streams out of its parser (an .xlsx is counted only so; a CSV
// is also counted before: open-roster.ts), on a real migrated PGlite: past the limit, the rows
// already written in the upload's transaction are rolled back. The limit is made small here; the
// API tests refuse a CSV of 100,001 rows.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_COURSE_ID } from '../../contract/courses.ts';
import { messages } from '../../contract/messages.ts';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { HttpError } from '../http-error.ts';
import { importRoster } from './import-roster.ts';
import { ROSTER_BATCH_SIZE } from './roster-queries.ts';
import type { SheetRow } from './sheet-row.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
}, 120_000);
afterAll(() => database.close());

const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

/** A header and `n` students, as a parser streams them. */
async function* roster(prefix: string, n: number): AsyncGenerator<SheetRow> {
  yield { row: 1, cells: ['Name', 'Email'] };
  for (let i = 1; i <= n; i++)
    yield { row: i + 1, cells: [`${prefix} ${i}`, `${prefix}-${i}@college.test`] };
}

const students = async (prefix: string) => {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from users where email like ${`${prefix}-%`}`,
    ),
  );
  return row?.n;
};

// One more than a batch: the first batch is written before the limit is passed.
const limit = ROSTER_BATCH_SIZE + 1;

it('refuses a roster one row past the limit and keeps none of the rows it had written', async () => {
  const refused = importRoster(
    database.db,
    roster('over', limit + 1),
    quiet,
    DEFAULT_COURSE_ID,
    limit,
  );
  await expect(refused).rejects.toBeInstanceOf(HttpError);
  await expect(refused).rejects.toMatchObject({
    statusCode: 413,
    message: messages.rosterTooManyRows,
  });
  expect(await students('over')).toBe(0);
}, 120_000);

it('writes a roster of exactly the limit', async () => {
  const written = await importRoster(
    database.db,
    roster('at', limit),
    quiet,
    DEFAULT_COURSE_ID,
    limit,
  );
  expect(written).toMatchObject({ inserted: limit, updated: 0, rejected: 0 });
  expect(await students('at')).toBe(limit);
}, 120_000);
