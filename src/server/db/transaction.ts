/**
 * A transaction on one connection of the pool, seen both through drizzle and as plain SQL, so a
 * library that takes an `executeSql` (the job queue) writes in the same transaction as our own
 * queries: a submission and its job are committed together or not at all.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { currentCommitHook, hookedTransaction } from './commit-hooks.ts';
import type { Db, DatabaseHandle } from './connection.ts';
import * as schema from './schema.ts';

export type SqlResult = { rows: Record<string, unknown>[] };
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;
export type Transaction = { db: Db; executeSql: ExecuteSql };

/** Plain SQL on the pool, outside any transaction. */
export function poolSql(pool: pg.Pool): ExecuteSql {
  return (text, values) => pool.query(text, values);
}

/** The context's commit hook (commit-hooks.ts) runs after `work`, before the commit. */
export async function inTransaction<T>(
  database: Pick<DatabaseHandle, 'pool'>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const hook = currentCommitHook();
  if (!hook) return runTransaction(database, work);
  return hookedTransaction(
    hook,
    (body) => runTransaction(database, body),
    work,
    (tx) => tx.db,
  );
}

async function runTransaction<T>(
  database: Pick<DatabaseHandle, 'pool'>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // On PGlite the pool has one connection: nothing else may use `database.db` until this ends.
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    // Built on first use: a drizzle instance with the schema costs more CPU than a statement,
    // and the busiest transactions (a deadline's Submits) never use it.
    let db: Db | undefined;
    const result = await work({
      get db() {
        db ??= drizzle(client, { schema });
        return db;
      },
      executeSql: (text, values) => client.query(text, values),
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
