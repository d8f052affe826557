/**
 * Named prepared statements (prepared.ts) on a real PGlite database, which like PostgreSQL is
 * reached through node-postgres: the answer is db.execute's (or the builder's own), one statement is prepared per text
 * whatever its values, a different text gets its own, and a transaction's reads see its writes.
 */
import { gt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from './connection.ts';
import { preparedName } from './prepared-names.ts';
import { executePrepared, runPrepared } from './prepared.ts';
import { rowsOf } from './sql-helpers.ts';

let database: DatabaseHandle;

/** This connection's prepared statements (PGlite has one connection). */
const prepared = async (db: Db) =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select name from pg_prepared_statements order by name`),
  ).map((r) => r.name);

const numbers = pgTable('numbers', { n: integer('n') });

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
    expect(names[0]).toMatch(/^p_[\w-]{27}_[\w-]{8}$/);
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

  it('runs a builder’s select prepared, its rows mapped as the builder maps them', async () => {
    const { db } = database;
    const before = (await prepared(db)).length;
    const select = (n: number) =>
      db.select({ value: numbers.n }).from(numbers).where(gt(numbers.n, n));
    expect(await runPrepared(select(3))).toEqual(await select(3));
    expect(await runPrepared(select(1))).toEqual([
      { value: 2 },
      { value: 3 },
      { value: 4 },
      { value: 5 },
    ]);
    expect(await prepared(db)).toHaveLength(before + 1);
  });

  it('prepares again on a connection that replaced a broken one, leaving other processes’ statements', async () => {
    const { db, pool } = database;
    // Another process's statement in PGlite's shared session (`npm run admin` on the socket).
    await db.execute(sql.raw('prepare p_other_process as select 1'));
    await executePrepared(db, above(2));
    const broken = await pool.connect();
    broken.release(new Error('broken'));
    expect(rowsOf(await executePrepared(db, above(3)))).toEqual([{ n: 4 }, { n: 5 }]);
    expect(await prepared(db)).toContain('p_other_process');
  });
});
