/**
 * The commit hook (commit-hooks.ts) on a real PGlite database: it runs in the outermost
 * transaction of its context only, once per transaction whatever savepoints it holds, sees the
 * transaction's own writes, is told whether the commit went through, and rolls the transaction
 * back when it fails; nothing runs outside a context.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithCommitHook, type CommitHook } from './commit-hooks.ts';
import { openDatabase, type DatabaseHandle, type Db } from './connection.ts';
import { rowsOf } from './sql-helpers.ts';
import { inTransaction } from './transaction.ts';

let database: DatabaseHandle;

const count = async (db: Db) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from hooked`))[0]?.n;

/** A hook that counts the rows its transaction sees and records each outcome. */
function recordingHook() {
  const seen: (number | undefined)[] = [];
  const outcomes: boolean[] = [];
  const hook: CommitHook = async (tx) => {
    seen.push(await count(tx));
    return (committed) => outcomes.push(committed);
  };
  return { hook, seen, outcomes };
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.db.execute(sql`create table hooked (n int)`);
  // Refuses, at the commit, a transaction that wrote 13.
  await database.db.execute(sql`create function hooked_refuse() returns trigger
    language plpgsql as $$ begin raise exception 'thirteen'; end $$`);
  await database.db.execute(sql`create constraint trigger hooked_refuse after insert on hooked
    deferrable initially deferred for each row when (new.n = 13) execute function hooked_refuse()`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the commit hook', () => {
  it('runs once in the outermost transaction, after its savepoints, and hears the commit', async () => {
    const { hook, seen, outcomes } = recordingHook();
    await database.db.execute(sql`delete from hooked`);
    await runWithCommitHook(hook, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into hooked values (1)`);
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(sql`insert into hooked values (2)`);
          await savepoint.transaction((inner) => inner.execute(sql`insert into hooked values (3)`));
        });
      }),
    );
    expect(seen).toEqual([3]);
    expect(outcomes).toEqual([true]);
  });

  it('runs in inTransaction too, and in each outermost transaction of its context', async () => {
    const { hook, seen, outcomes } = recordingHook();
    await database.db.execute(sql`delete from hooked`);
    await runWithCommitHook(hook, async () => {
      await inTransaction(database, ({ executeSql }) =>
        executeSql('insert into hooked values (1)'),
      );
      await database.db.transaction((tx) => tx.execute(sql`insert into hooked values (2)`));
    });
    expect(seen).toEqual([1, 2]);
    expect(outcomes).toEqual([true, true]);
  });

  it('does nothing outside a context', async () => {
    const { hook, seen } = recordingHook();
    runWithCommitHook(hook, () => undefined);
    await database.db.transaction((tx) => tx.execute(sql`insert into hooked values (4)`));
    await inTransaction(database, ({ executeSql }) => executeSql('insert into hooked values (5)'));
    expect(seen).toEqual([]);
  });

  it('is told of a commit refused after it ran, and the work and its writes are undone', async () => {
    const { outcomes } = recordingHook();
    await database.db.execute(sql`delete from hooked`);
    const hook: CommitHook = async (tx) => {
      await tx.execute(sql`insert into hooked values (13)`);
      return (committed) => outcomes.push(committed);
    };
    const refused = runWithCommitHook(hook, () =>
      database.db.transaction((tx) => tx.execute(sql`insert into hooked values (1)`)),
    );
    // drizzle reports the failed statement (the commit); the trigger's error is its cause.
    await expect(refused).rejects.toThrow(/commit/);
    expect(outcomes).toEqual([false]);
    expect(await count(database.db)).toBe(0);
  });

  it('rolls the work back when it fails, and is not run when the work fails', async () => {
    await database.db.execute(sql`delete from hooked`);
    const failing: CommitHook = async () => {
      throw new Error('hook failed');
    };
    const failed = runWithCommitHook(failing, () =>
      database.db.transaction((tx) => tx.execute(sql`insert into hooked values (1)`)),
    );
    await expect(failed).rejects.toThrow('hook failed');
    const { hook, seen } = recordingHook();
    const workFailed = runWithCommitHook(hook, () =>
      inTransaction(database, async ({ executeSql }) => {
        await executeSql('insert into hooked values (1)');
        throw new Error('work failed');
      }),
    );
    await expect(workFailed).rejects.toThrow('work failed');
    expect(seen).toEqual([]);
    expect(await count(database.db)).toBe(0);
  });
});
