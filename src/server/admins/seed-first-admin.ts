/**
 * The first administrator (DESIGN.md §3). When the admins table is empty, ADMIN_EMAIL and
 * ADMIN_PASSWORD create it; when they are unset, admin@localhost gets a generated password that
 * is printed once, in this start's log, and never again (later starts find the table filled).
 * The variables never change an existing admin: they only seed an empty installation.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countAdmins, insertAdmin } from './admin-queries.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@localhost';

export async function seedFirstAdmin(
  db: Db,
  configured: { email: string | undefined; password: string | undefined },
  log: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const email = (configured.email ?? GENERATED_ADMIN_EMAIL).trim().toLowerCase();
  const generated = configured.password === undefined;
  const password = configured.password ?? crypto.randomBytes(18).toString('base64url');
  // Several processes may start together: only the one whose insert lands speaks.
  const inserted = await insertAdmin(db, email, await hashPassword(password));
  if (!inserted) return;
  if (generated) {
    log.warn(
      `First administrator created: ${email} with password ${password} — shown once; ` +
        'sign in at /admin and keep it safe (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them instead).',
    );
  } else {
    log.info({ email }, 'First administrator created from ADMIN_EMAIL and ADMIN_PASSWORD');
  }
}
