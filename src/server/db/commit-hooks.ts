/**
 * Work to do inside a call's transaction, just before it commits (the audit log's entry, issue
 * 33: record-audit.ts). A caller opens a context with `runWithCommitHook`; while it lasts, every
 * outermost transaction begun in it, through `db.transaction` (`withCommitHooks`) or
 * `inTransaction` (transaction.ts), runs the hook as its last statement(s) and tells the hook
 * afterwards whether it committed. Savepoints (`tx.transaction`) are not outermost and never
 * run it, so a nested transaction does the hook's work once, in the transaction around it.
 *
 * The context is an AsyncLocalStorage: nothing needs to be passed through the routes and the
 * query modules, and a transaction outside any context (every call the audit log does not
 * follow: a student's Submit) pays one `getStore()` and nothing else.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './connection.ts';

/** Whether the transaction the hook ran in committed (true) or rolled back (false). */
export type Settle = (committed: boolean) => void;

/**
 * Runs in the transaction, after its work and before its commit; what it writes commits or
 * rolls back with the work, and an error it throws rolls the whole transaction back. It returns
 * how to be told the outcome, or undefined when it did nothing there.
 */
export type CommitHook = (tx: Db) => Promise<Settle | undefined>;

const hooks = new AsyncLocalStorage<CommitHook>();

/** `work` and everything it starts run with `hook` on their outermost transactions. */
export function runWithCommitHook<T>(hook: CommitHook, work: () => T): T {
  return hooks.run(hook, work);
}

/** The hook of the context this runs in, if any. */
export const currentCommitHook = (): CommitHook | undefined => hooks.getStore();

/**
 * `begin` runs `body` (the work, then the hook) in a transaction that it commits; the outcome is
 * told to the hook once known, whichever way it went.
 */
export async function hookedTransaction<Tx, T>(
  hook: CommitHook,
  begin: (body: (tx: Tx) => Promise<T>) => Promise<T>,
  work: (tx: Tx) => Promise<T>,
  asDb: (tx: Tx) => Db,
): Promise<T> {
  let settle: Settle | undefined;
  try {
    const result = await begin(async (tx) => {
      const value = await work(tx);
      settle = await hook(asDb(tx));
      return value;
    });
    settle?.(true);
    return result;
  } catch (error) {
    settle?.(false);
    throw error;
  }
}

/** `db` with its `transaction` running the context's hook (the pool's db: connection.ts). */
export function withCommitHooks<D extends Db>(db: D): D {
  const transaction = db.transaction.bind(db);
  const hooked: Db['transaction'] = (work, config) => {
    const hook = hooks.getStore();
    if (!hook) return transaction(work, config);
    return hookedTransaction(
      hook,
      (body) => transaction(body, config),
      work,
      (tx) => tx,
    );
  };
  db.transaction = hooked;
  return db;
}
