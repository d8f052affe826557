/**
 * `npm run admin -- create <email> | reset-password <email> | list` (issue 15 item 2): the
 * break-glass for a lost or locked administrator. It reads the portal's own configuration (the
 * environment and .env: DATABASE_URL, DATA_DIR, LOGIN_*) and works while the server runs: on
 * PostgreSQL directly, on the embedded database through the running server's database socket
 * (src/server/db/operator-database.ts).
 *
 * The new password is read from standard input when one is piped in
 * (`printf %s "$PASSWORD" | npm run admin -- reset-password a@b.c`), otherwise generated and
 * printed as a plain block. reset-password also forgets the account's failed sign-ins, so a
 * locked administrator can sign in at once. Exit code: 0 done, 1 refused (no such administrator,
 * one exists already, a weak password), 2 the command could not run.
 */
import { isStrongEnough } from '../src/contract/password-strength.ts';
import {
  createAdmin,
  listAdmins,
  normalEmail,
  resetAdminPassword,
} from '../src/server/admins/admin-commands.ts';
import { forgetFirstPassword } from '../src/server/admins/first-password.ts';
import { printPasswordBlock } from '../src/server/admins/password-block.ts';
import { generatePassword } from '../src/server/admins/seed-first-admin.ts';
import { createLoginThrottle } from '../src/server/auth/login-throttle.ts';
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';
import { openOperatorDatabase, type OperatorDatabase } from '../src/server/db/operator-database.ts';
import { runOperatorCommand } from './operator-command.ts';

const USAGE = `Usage:
  npm run admin -- create <email>           a new administrator
  npm run admin -- reset-password <email>   a new password; the account's failed sign-ins are forgotten
  npm run admin -- list                     every administrator
The password is read from standard input when one is piped in, otherwise generated and shown.`;

/** A refusal the operator can act on (exit 1), as against a failure to run at all (exit 2). */
class Refused extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+$/u;

function emailArgument(args: string[]): string {
  const [email, ...extra] = args;
  if (!email || extra.length > 0) throw new ConfigError(USAGE);
  if (!EMAIL.test(email.trim())) throw new Refused(`${email} is not an email address.`);
  return normalEmail(email);
}

/** The piped password, or a generated one (null for `generated`: print it). */
async function newPassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) {
    let piped = '';
    for await (const chunk of process.stdin) piped += String(chunk);
    const password = piped.replace(/\r?\n$/u, '');
    if (password !== '') {
      if (!isStrongEnough(password))
        throw new Refused(
          'The piped password is too weak: use 10 or more characters with lower and upper case letters, digits and symbols.',
        );
      return { password, generated: false };
    }
  }
  return { password: generatePassword(), generated: true };
}

function announce(
  config: Config,
  title: string,
  email: string,
  { password, generated }: { password: string; generated: boolean },
) {
  const signIn = `${config.publicUrl}/admin`;
  if (generated) printPasswordBlock(title, email, password, signIn);
  else
    console.log(
      `${title}: ${email}, with the password read from standard input. Sign in at ${signIn}.`,
    );
}

async function run(command: string | undefined, args: string[], config: Config): Promise<number> {
  if (command !== 'create' && command !== 'reset-password' && command !== 'list')
    throw new ConfigError(USAGE);
  if (command === 'list' && args.length > 0) throw new ConfigError(USAGE);
  const email = command === 'list' ? '' : emailArgument(args);
  const password = command === 'list' ? null : await newPassword();
  let database: OperatorDatabase | undefined;
  try {
    database = await openOperatorDatabase(config);
    const { db } = database;
    console.log(`Using ${database.via}.`);
    if (command === 'list') {
      const admins = await listAdmins(db);
      if (admins.length === 0)
        console.log('No administrator yet: npm run admin -- create <email>.');
      for (const a of admins) console.log(`${a.email}\tcreated ${a.createdAt.toISOString()}`);
      return 0;
    }
    if (!password) throw new Error('unreachable: a password for create and reset-password');
    if (command === 'create') {
      if (!(await createAdmin(db, email, password.password)))
        throw new Refused(
          `An administrator ${email} exists already: npm run admin -- reset-password ${email}.`,
        );
      announce(config, 'Administrator created', email, password);
      return 0;
    }
    // The scope app.ts gives the administrator sign-in's throttle.
    const throttle = createLoginThrottle(db, 'admin-login', config.loginLimits);
    if (!(await resetAdminPassword(db, throttle, email, password.password)))
      throw new Refused(`There is no administrator ${email}: npm run admin -- list.`);
    // A generated first password still waiting in DATA_DIR is not the password any more.
    await forgetFirstPassword(config.dataDir, email);
    announce(config, 'New administrator password', email, password);
    return 0;
  } finally {
    await database?.close();
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  return run(command, args, loadConfig());
}

runOperatorCommand(main, [Refused]);
