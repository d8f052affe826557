/**
 * What `npm run admin` does to the admins table (issue 15 item 2), apart from how it reaches the
 * database: the break-glass for a lost or locked administrator, without touching SQL.
 */
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { announceRevocation } from '../auth/session-versions.ts';
import { insertAdmin, listAdmins, setAdminPassword } from './admin-queries.ts';

export const normalEmail = (email: string) => email.trim().toLowerCase();

/** False when an administrator with that email exists already. */
export async function createAdmin(db: Db, email: string, password: string): Promise<boolean> {
  return insertAdmin(db, normalEmail(email), await hashPassword(password));
}

/**
 * A new password, and the account's failed sign-ins forgotten, so a locked-out administrator can
 * sign in at once; every session of the account ends, as with a student's reset (on PostgreSQL
 * the running servers are told at once, on the embedded database within their cache's 5 minutes).
 * False when there is no such administrator.
 */
export async function resetAdminPassword(
  db: Db,
  throttle: Pick<LoginThrottle, 'clear'>,
  email: string,
  password: string,
): Promise<boolean> {
  const normal = normalEmail(email);
  const changed = await setAdminPassword(db, normal, await hashPassword(password));
  if (!changed) return false;
  await throttle.clear(normal);
  await announceRevocation(db, 'admin', changed.id, changed.version);
  return true;
}

export { listAdmins };
