/**
 * The first administrator (DESIGN.md §3). When the admins table is empty, ADMIN_EMAIL and
 * ADMIN_PASSWORD create it; when they are unset, admin@localhost gets a generated password that
 * is printed once as a plain block on the terminal (whatever LOG_LEVEL is) and kept in
 * DATA_DIR/first-admin-password until its first sign-in (issue 15 item 2). The variables never
 * change an existing admin: they only seed an empty installation (`npm run admin` recovers one).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countAdmins, insertAdmin } from './admin-queries.ts';
import { keepFirstPassword } from './first-password.ts';
import { printPasswordBlock } from './password-block.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@localhost';

/** 18 random bytes: 24 characters a person can copy. */
export const generatePassword = () => crypto.randomBytes(18).toString('base64url');

export async function seedFirstAdmin(
  db: Db,
  configured: {
    email: string | undefined;
    password: string | undefined;
    dataDir: string;
    publicUrl: string;
  },
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const email = (configured.email ?? GENERATED_ADMIN_EMAIL).trim().toLowerCase();
  const generated = configured.password === undefined;
  const password = configured.password ?? generatePassword();
  // Several processes may start together: only the one whose insert lands speaks.
  // No deadline: a server starting must create its administrator however busy the hash queue
  // is (in a test worker the queue outlives the app before it, and once refused this seed).
  const hash = await hashPassword(password, Number.POSITIVE_INFINITY);
  const inserted = await insertAdmin(db, email, hash);
  if (!inserted) return;
  if (!generated) {
    log.info({ email }, 'First administrator created from ADMIN_EMAIL and ADMIN_PASSWORD');
    return;
  }
  const signIn = `${configured.publicUrl}/admin`;
  printPasswordBlock('First administrator created (shown once)', email, password, signIn);
  const file = await keepFirstPassword(configured.dataDir, email, password, signIn).catch(
    (error: unknown) => {
      log.error({ err: error }, 'Could not keep the first administrator password in DATA_DIR');
      return null;
    },
  );
  // The password itself stays out of the log: log lines travel to places a terminal does not.
  log.warn(
    { email },
    `First administrator created: ${email}, with a generated password printed on the terminal` +
      (file ? ` and kept in ${file} until its first sign-in` : '') +
      '. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them instead; npm run admin -- reset-password gives a new one.',
  );
}
