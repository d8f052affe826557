/**
 * `npm run worker`: a judge-only process (no HTTP port, no web app) that takes judge jobs from the
 * queue in the PostgreSQL database named by DATABASE_URL, JUDGE_CONCURRENCY at a time. Any number
 * of them, on any number of machines, share one queue with the servers (docs/operations.md: Scaling out).
 * SIGTERM or SIGINT stops it cleanly: running jobs get JUDGE_STOP_TIMEOUT_SECONDS to finish, the
 * rest go back to the queue for another worker.
 */
import fs from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './server/config.ts';
import { openDatabase } from './server/db/connection.ts';
import { createJudge } from './server/judge/index.ts';
import { startJudging } from './server/submissions/judging.ts';
import { TestDataCache } from './server/test-data/test-data-cache.ts';
import { logSerializers } from './server/log-serializers.ts';
import { privateDataDir } from './server/storage/private-data-dir.ts';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

async function main(): Promise<void> {
  const config = loadConfig();
  // What the worker writes (judge folders, cached test data) is its own unless the judge says
  // otherwise; a DATA_DIR it shares with a server on this machine is kept private too.
  await privateDataDir(config.dataDir, (line) => console.log(line));
  const log = pino({ level: config.logLevel, name: 'judge-worker', serializers: logSerializers });
  if (!config.databaseUrl) {
    throw new ConfigError(
      'A judge worker needs DATABASE_URL (the PostgreSQL database the servers use). The embedded database judges inside the server process.',
    );
  }
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 4 });
  await database.migrate();
  const judge = createJudge(config.judge, new TestDataCache(database.db, config.judge.workDir));
  const caps = await judge.capabilities();
  if (!caps.ready) log.warn({ problems: caps.problems }, 'this machine cannot judge safely');
  const judging = await startJudging({ config, database, judge, log, work: true });
  log.info(
    { worker: judging.workers?.id, concurrency: config.judgeConcurrency },
    'judge worker ready',
  );

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'judge worker stopping');
    (async () => {
      await judging.close();
      await judge.close();
      await database.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'judge worker stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => close('SIGTERM'));
  process.on('SIGINT', () => close('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The judge worker could not start:', error);
  process.exit(1);
});
