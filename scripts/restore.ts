/**
 * `npm run restore -- <file> [--force]`: brings a stopped installation (DATA_DIR, or the database
 * named by DATABASE_URL) back to the state of a backup made by `npm run backup`, by this release
 * or an older one. It refuses a DATA_DIR (or database) that holds anything unless --force, and a
 * DATA_DIR a running portal uses. Submissions that were waiting for the judge at the backup wait
 * again. Exit code: 0 restored, 1 refused (nothing changed), 2 failed (nothing changed either on
 * the embedded database).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { BackupFileError } from '../src/server/db/backup/backup-format.ts';
import { restoreInstallation, CommandRefused } from '../src/server/operations/backup-commands.ts';
import { runOperatorCommand } from './operator-command.ts';

const USAGE = 'Usage: npm run restore -- <file> [--force]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) throw new ConfigError(USAGE);
  const file = path.resolve(files[0] as string);
  const config = loadConfig();
  const summary = await restoreInstallation(config, file, force);
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${file} (taken ${summary.header.createdAt} by release ${summary.header.release}) ` +
      `into ${summary.into}: ${rows} rows, ${summary.files.size} secret files; ` +
      `${summary.requeued} submissions wait for the judge again. Start the portal: npm start.`,
  );
  return 0;
}

runOperatorCommand(main, [CommandRefused, BackupFileError]);
