/**
 * The database for an operator's command (`npm run admin`), whether the portal runs or not
 * (issue 15 item 2). PostgreSQL takes any number of clients. PGlite has one owner: two instances
 * on one data folder corrupt it. So when a server owns it, the command connects to that server's
 * PGlite worker through its Unix socket in the data folder (pglite-thread.ts), as the server
 * itself does; only when nothing answers there does the command open the folder itself (and a
 * server started meanwhile refuses to open it until the command is done).
 */
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase, type Db } from './connection.ts';
import { pgliteSocketIn, socketAnswers } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type OperatorDatabase = {
  db: Db;
  /** The same connections as plain node-postgres (a backup's transaction and cursor). */
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** Which way it was reached, for the command's output. */
  via: string;
  close(): Promise<void>;
};

export class OperatorDatabaseError extends Error {}

/**
 * `migrate: false` (a backup) reads the database as it is: an older one is not upgraded by a
 * command that should only copy it.
 */
export async function openOperatorDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  { migrate = true }: { migrate?: boolean } = {},
): Promise<OperatorDatabase> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
    if (migrate) await database.migrate();
    return {
      db: database.db,
      pool: database.pool,
      kind: 'postgres',
      via: 'PostgreSQL (DATABASE_URL)',
      close: database.close,
    };
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  const socket = pgliteSocketIn(dataDir);
  if (!socket)
    throw new OperatorDatabaseError(
      `DATA_DIR (${config.dataDir}) is too long a path for the embedded database's socket, so ` +
        'this command cannot reach a running portal: stop the portal and point a shorter DATA_DIR ' +
        '(a symbolic link) at the same folder, for this command and the portal.',
    );
  if (await socketAnswers(socket.path)) {
    const pool = new pg.Pool({
      host: socket.host,
      port: socket.port,
      user: 'postgres',
      database: 'postgres',
      password: '',
      ssl: false,
      max: 1,
    });
    pool.on('error', () => undefined);
    return {
      db: drizzle(pool, { schema }),
      pool,
      kind: 'pglite',
      via: "the running portal's embedded database",
      close: () => pool.end(),
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir });
  if (migrate) await database.migrate();
  return {
    db: database.db,
    pool: database.pool,
    kind: 'pglite',
    via: `the embedded database in ${dataDir} (no portal is running on it)`,
    close: database.close,
  };
}
