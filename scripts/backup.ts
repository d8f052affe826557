/**
 * `npm run backup [-- <file>]`: a consistent snapshot of the portal (its database, stored test
 * files, generated secrets) while it runs, into <file> (default: portal-backup-<time>.jsonl.gz in
 * the working folder). It reads the portal's own configuration (the environment and .env:
 * DATA_DIR, DATABASE_URL). Exit code: 0 written, 1 refused (nothing to back up), 2 failed.
 * The file format: src/server/db/backup/backup-format.ts.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { defaultBackupName } from '../src/server/db/backup/backup-format.ts';
import { backupInstallation, CommandRefused } from '../src/server/operations/backup-commands.ts';
import { runOperatorCommand } from './operator-command.ts';

const USAGE = 'Usage: npm run backup [-- <file>]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) throw new ConfigError(USAGE);
  const file = path.resolve(args[0] ?? defaultBackupName(new Date()));
  const config = loadConfig();
  const release = process.env.npm_package_version ?? 'unknown';
  const summary = await backupInstallation(config, file, release);
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  const submissions = summary.rows.submissions ?? 0;
  console.log(
    `Backup of ${summary.via} written to ${summary.file}: ${rows} rows (${submissions} submissions), ` +
      `${summary.files.length} secret files, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `the database was held for ${Math.round(summary.transactionMs)} ms.`,
  );
  console.log(`Restore it into a stopped installation with: npm run restore -- ${summary.file}`);
  return 0;
}

runOperatorCommand(main, [CommandRefused]);
