/**
 * PGlite in its worker thread keeps the semantics of the in-process PGlite it replaced: one
 * connection, so a transaction runs alone; a failed transaction rolls back; dump and loadDataDir
 * round-trip; close is idempotent and later queries fail instead of hanging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './connection.ts';

let database: DatabaseHandle;

/** Rows of probe with n = `value`, or all of them; Db is driver-neutral, so its rows are typed here. */
async function countProbes(on: DatabaseHandle, value?: number): Promise<number | undefined> {
  const where = value === undefined ? sql`` : sql` where n = ${value}`;
  const result = (await on.db.execute(sql`select count(*)::int as n from probe${where}`)) as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n;
}
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  await database.db.execute(sql`create table probe (n int)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('PGlite in a worker thread', () => {
  it('runs a transaction alone: a query sent meanwhile waits for its end', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1)`);
      inside();
      // Gives the outside query every chance to overtake, which it must not.
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`insert into probe values (2)`);
      order.push('transaction');
    });
    await started;
    const outside = countProbes(database).then((n) => order.push(`outside saw ${String(n)}`));
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction', 'outside saw 2']);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await countProbes(database, 3)).toBe(0);
  });

  it('starts a copy from its dump, then closes twice harmlessly', async () => {
    const dump = await database.dump?.();
    if (!dump) throw new Error('no dump');
    const copy = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: dump });
    expect(await countProbes(copy)).toBe(2);
    await Promise.all([copy.close(), copy.close()]);
    await copy.close();
    await expect(copy.db.execute(sql`select 1`)).rejects.toThrow();
  }, 60_000);
});
