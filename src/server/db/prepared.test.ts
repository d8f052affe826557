/**
 * Named prepared statements (prepared.ts) on a real PGlite database, which like PostgreSQL is
 * reached through node-postgres: the answer is db.execute's, one statement is prepared per text
 * whatever its values, a different text gets its own, and a transaction's reads see its writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from './connection.ts';
import { executePrepared, preparedName } from './prepared.ts';
import { rowsOf } from './sql-helpers.ts';

let database: DatabaseHandle;

/** This connection's prepared statements (PGlite has one connection). */
const prepared = async (db: Db) =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select name from pg_prepared_statements order by name`),
  ).map((r) => r.name);

const above = (n: number) => sql`select n from numbers where n > ${n} order by n`;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.db.execute(sql`create table numbers (n int)`);
  await database.db.execute(sql`insert into numbers select generate_series(1, 5)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('executePrepared', () => {
  it('answers as db.execute does, preparing one statement for a text whatever its values', async () => {
    const { db } = database;
    for (const n of [3, 1, 4]) {
      expect(rowsOf(await executePrepared(db, above(n)))).toEqual(
        rowsOf(await db.execute(above(n))),
      );
    }
    const names = await prepared(db);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^p_[\w-]{27}$/);
    await executePrepared(db, sql`select count(*)::int as n from numbers where n < ${3}`);
    expect(await prepared(db)).toHaveLength(2);
  });

  it('names a statement by its text alone, within PostgreSQL’s 63 bytes', () => {
    expect(preparedName('select 1')).toBe(preparedName('select 1'));
    expect(preparedName('select 1')).not.toBe(preparedName('select 2'));
    expect(preparedName('x'.repeat(10_000)).length).toBeLessThanOrEqual(63);
  });

  it('reads inside a transaction, seeing its writes and leaving nothing when it rolls back', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into numbers values (6)`);
        expect(rowsOf(await executePrepared(tx, above(4)))).toEqual([{ n: 5 }, { n: 6 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rowsOf(await executePrepared(db, above(4)))).toEqual([{ n: 5 }]);
  });
});
