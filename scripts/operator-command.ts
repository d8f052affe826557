/**
 * How the operator's commands (`npm run admin`, `backup`, `restore`) end: exit 0 when done, 1
 * when refused for a reason the operator can act on (the message alone, no stack), 2 when the
 * command could not run (a bad configuration says what to fix; anything else is shown whole).
 * Each reads .env first, as the portal does, and runs with the portal's umask (077): what it
 * writes (a database opened directly, a backup of every password hash) is its user's alone.
 */
import fs from 'node:fs';
import { ConfigError } from '../src/server/config.ts';
import { usePrivateUmask } from '../src/server/storage/private-data-dir.ts';

export function runOperatorCommand(
  main: () => Promise<number>,
  refusals: readonly (abstract new (...args: never[]) => Error)[],
): void {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  usePrivateUmask();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (refusals.some((refusal) => error instanceof refusal)) {
        console.error((error as Error).message);
        process.exit(1);
      }
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(2);
    },
  );
}
