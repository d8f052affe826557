/**
 * Starts the portal: reads the configuration, opens and migrates the database, and listens.
 * SIGTERM and SIGINT close it gracefully (in-flight requests finish, the database is closed).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { pendingMigrations } from './db/pending-migrations.ts';
import { createTokenService, resolveJwtSecret } from './auth/tokens.ts';
import { privateDataDir } from './storage/private-data-dir.ts';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

/**
 * The embedded database's thread died: every query would fail from now on, so the process exits
 * non-zero and its supervisor (systemd, Docker, npm start's caller) starts it again, instead of a
 * server answering 500s forever (issue 15 item 12).
 */
function exitOnDatabaseLoss(error: Error, app: FastifyInstance | undefined): void {
  const line = 'The embedded database (PGlite) stopped: exiting so that the portal is restarted';
  if (app) app.log.fatal({ err: error }, line);
  else console.error(`${line}:`, error);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is written: the database, the secrets and the outbox are nobody else's.
  await privateDataDir(config.dataDir, (line) => console.log(line));
  // The app once built, for the fatal log line of a database lost later.
  const running: { app?: FastifyInstance } = {};
  // Progress lines on the console whatever LOG_LEVEL says: the first start and an upgrade take
  // seconds, and the operator should see why (issue 15 item 13).
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    console.log(`Creating the embedded database (${pgliteDir})...`);
  const opening = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : {
          kind: 'pglite',
          dataDir: pgliteDir,
          onThreadDeath: (error) => exitOnDatabaseLoss(error, running.app),
        },
  );
  // The app's modules (Fastify, every route, the judge: about 2 s of a restart here) load while
  // the database opens and migrates: PGlite starts in a thread of its own, and PostgreSQL is
  // another process, so both go on at once.
  const appModule = import('./app.ts');
  appModule.catch(() => undefined); // awaited below; not unhandled while the database opens
  const database = await opening;
  const pending = await pendingMigrations(database.pool);
  if (pending > 0) console.log(`Migrating the database (${pending} migrations)...`);
  await database.migrate();
  const tokens = createTokenService(
    await resolveJwtSecret(config.jwtSecret, config.dataDir),
    config.sessionTtlSeconds,
  );
  const version = process.env.npm_package_version ?? '0.0.0';
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database, tokens, version });
  running.app = app;

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => close('SIGTERM'));
  process.on('SIGINT', () => close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Portal ready on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
