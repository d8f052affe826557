/**
 * Starts the real server (buildApp + listen on a random port) on a fresh real database for one
 * test file: a copy of the PGlite template, or a scratch database on the PostgreSQL server named
 * by TEST_DATABASE_URL, dropped afterwards.
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { createTokenService, type TokenService } from '../../src/server/auth/tokens.ts';
import { createScratchDatabase } from '../../src/server/db/scratch-database.ts';
import { secretsIn } from './log-secrets.ts';
import { ADMIN_PASSWORD, STUDENT_PASSWORD } from './test-passwords.ts';
import { usePrivateUmask } from '../../src/server/storage/private-data-dir.ts';

// The umask every process of the portal runs with (main.ts, worker.ts): the judge must set the
// modes its boxes need with chmod, and these tests judge under the same umask as production.
usePrivateUmask();

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * For tests of what the judge decides (languages, verdicts, checkers, compare modes, test groups):
 * the database only stores their outcome, the same rows the other files check on both databases,
 * so they run once, on the embedded default, which keeps CI inside its time budget.
 */
export const judgingDatabase: DatabaseKind[] = ['pglite'];

export type TestServer = {
  url: string;
  config: Config;
  database: DatabaseHandle;
  tokens: TokenService;
  close(): Promise<void>;
};

/** A database that outlives a server: PGlite in a folder, or a scratch PostgreSQL database. */
export type LastingDatabase = {
  /** The PostgreSQL URL (workers in other processes connect to it); undefined on PGlite. */
  url: string | undefined;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
};

/** `empty`: a PostgreSQL database with no tables (a restore's target), not a migrated copy. */
export async function lastingDatabase(
  kind: DatabaseKind,
  { empty = false }: { empty?: boolean } = {},
): Promise<LastingDatabase> {
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    // A copy of the database global-setup.ts migrated (startServerOn's migrate is then a no-op).
    const created = await createScratchDatabase(
      adminUrl,
      'portal_test',
      empty ? undefined : inject('postgresTemplate') || undefined,
    );
    return {
      url: created.url,
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 }),
      drop: created.drop,
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-api-pglite-'));
  const template = new Blob([await fs.readFile(inject('pgliteTemplatePath'))]);
  let first = true;
  return {
    url: undefined,
    open: async () => {
      // The first open copies the template into the folder; later ones reopen what is there.
      const loadDataDir = first ? template : undefined;
      first = false;
      return openDatabase({
        kind: 'pglite',
        dataDir: dir,
        ...(loadDataDir ? { loadDataDir } : {}),
      });
    },
    drop: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** `deps` replaces parts of the app (a fake judge, a test clock). */
export async function startServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'judge' | 'now' | 'onRoute' | 'oidcClockSkewSeconds'> = {},
): Promise<TestServer> {
  let dropDatabase: () => Promise<void> = async () => {};
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const lasting = await lastingDatabase('postgres');
    dropDatabase = lasting.drop;
    database = await lasting.open();
  } else {
    const template = await fs.readFile(inject('pgliteTemplatePath'));
    database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: new Blob([template]),
    });
  }
  const server = await startServerOn(database, env, deps);
  return {
    ...server,
    async close() {
      await server.close();
      await dropDatabase();
    },
  };
}

/** The real server on a database the caller opened; close() closes it but drops nothing. */
export async function startServerOn(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'judge' | 'now' | 'onRoute' | 'oidcClockSkewSeconds'> = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-api-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-build'),
    // Every server logs everything into a file that close() searches for secrets (item 8 of
    // issue 15: log-secrets.ts).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'debug',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...env,
  });
  // Migrating the template copy is a no-op that proves the journal is consistent.
  await database.migrate();
  const tokens = createTokenService(
    new TextEncoder().encode(config.jwtSecret ?? ''),
    config.sessionTtlSeconds,
  );
  const logFile = path.join(inject('apiLogDir'), `${crypto.randomUUID()}.log`);
  const log = createWriteStream(logFile);
  const app = await buildApp({ config, database, tokens, version: 'test', ...deps }, log);
  // A PORT given (with its PUBLIC_URL) when the test must know the address before the start.
  await app.listen({ port: env.PORT ? config.port : 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    config,
    database,
    tokens,
    async close() {
      await app.close();
      await new Promise((resolve) => log.end(resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
      const leaks = secretsIn(await fs.readFile(logFile, 'utf8'));
      if (leaks.length > 0) throw new Error(`The server logged a secret:\n${leaks.join('\n')}`);
      await fs.rm(logFile);
    },
  };
}

export type JsonResponse = { status: number; headers: Headers; body: unknown };

/** Sends a JSON request; `body` given as a string is sent raw (for malformed-JSON tests). */
export async function call(
  server: TestServer,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...headers };
  }
  const response = await fetch(server.url + urlPath, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the assertion will show what came back.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export const ADMIN = { email: 'admin@college.test', password: ADMIN_PASSWORD };

/** Env for startServer that seeds the known administrator above. */
export const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export async function adminToken(server: TestServer): Promise<string> {
  const res = await call(server, 'POST', '/api/admin/login', ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

/** Signs up a student through the API and returns the session. */
export async function signUpStudent(
  server: TestServer,
  email: string,
  password = STUDENT_PASSWORD,
): Promise<{ id: string; token: string; email: string; name: string }> {
  const res = await call(server, 'POST', '/api/user/loginSignUp', {
    name: 'Student',
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; token: string; email: string; name: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows of plain SQL on the server's database (the queue's own tables, counts). */
export async function queryRows(
  server: Pick<TestServer, 'database'>,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const result = await server.database.pool.query<Record<string, unknown>>(text, values);
  return result.rows;
}
