/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through node-postgres
 * when a URL is given. PGlite runs in a worker thread that speaks the Postgres wire protocol
 * (pglite-thread.ts), so both are driven through node-postgres, the same drizzle pg-core API and
 * the same migrations, and nothing above this file knows which one it talks to. Its
 * `db.transaction` runs the commit hook of the call it serves, if any (commit-hooks.ts: the audit
 * entry written in the writer's transaction).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { withCommitHooks } from './commit-hooks.ts';
import { deallocateOwnStatements } from './prepared-names.ts';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  /** The connections under `db`, for a transaction that a library (the job queue) shares. */
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start copies of it quickly (tests). */
  dump?: () => Promise<Blob>;
};

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined: in memory (tests). `loadDataDir`: start from a dumped template.
   * `onThreadDeath`: the database's worker thread died while open (pglite-thread.ts).
   */
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      loadDataDir?: Blob;
      onThreadDeath?: (error: Error) => void;
    };

/** Closing twice (a failed test, a second signal) must be harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Any number for the advisory lock below, the same in every process of this product. */
const MIGRATION_LOCK = 731_540_112;

/**
 * Servers and judge workers may start together against one PostgreSQL: one migrates while the
 * others wait on a session advisory lock, then find nothing left to do.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = withCommitHooks(drizzlePg(pool, { schema }));
    return {
      db,
      pool,
      kind: 'postgres',
      migrate: () => migrateLocked(pool),
      close: once(() => pool.end()),
    };
  }
  const thread = await startPgliteThread({ ...options, onDeath: options.onThreadDeath });
  const pool = new pg.Pool({
    ...thread.connection,
    // PGlite's own settings, so PG* variables meant for another server change nothing here.
    user: 'postgres',
    database: 'postgres',
    password: '',
    ssl: false,
    // One connection, as PGlite has: while a transaction holds it, other queries wait for it
    // (exactly the isolation the in-process PGlite gave), and nothing runs concurrently inside.
    max: 1,
    // Kept open for the life of the handle: reconnecting costs a backend start-up in the worker.
    idleTimeoutMillis: 0,
    // An idle connection alone must not keep the process alive, as in-process PGlite did not.
    allowExitOnIdle: true,
    // PGlite's one session outlives a connection that broke, with this process's prepared
    // statements (prepared-names.ts); pg-pool awaits this before lending the replacement.
    onConnect: deallocateOwnStatements,
  });
  pool.on('error', () => undefined);
  const db = withCommitHooks(drizzlePg(pool, { schema }));
  return {
    db,
    pool,
    kind: 'pglite',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: once(async () => {
      try {
        await pool.end();
      } finally {
        await thread.close();
      }
    }),
    dump: () => thread.dump(),
  };
}
