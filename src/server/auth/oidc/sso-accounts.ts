/**
 * Which portal account a campus identity signs in to (issue 18 item 3). Accounts link by verified
 * email: an existing student or a roster entry is the same account; a new email becomes a student
 * when its domain is allowed. A student's pending one-time password is spent by the sign-in (the
 * directory proved who they are; the printed slip must not work after: issue 33). An administrator is one the configuration names (by email or by
 * group); the first SSO sign-in of one creates the admins row, with no usable password.
 */
import type { StudentSignUpMode } from '../../../contract/auth.ts';
import { NAME_MAX_LENGTH } from '../../../contract/auth.ts';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { findAdminByEmail, insertAdmin, type AdminRow } from '../../admins/admin-queries.ts';
import { spendOneTimePassword } from '../../users/one-time-password-queries.ts';
import { findUserByEmail, insertUser, type UserRow } from '../../users/user-queries.ts';
import { SsoError, type SsoIdentity } from './oidc-client.ts';

/**
 * Stored as the password hash of an administrator created by SSO: not an argon2 hash, so no
 * password ever matches it (`npm run admin -- reset-password` can give one).
 */
export const SSO_ONLY_PASSWORD_HASH = '!sso-only';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * The provider vouches for the address: `email_verified: true`, or, from providers that never
 * send the claim (Microsoft Entra ID), an address in a domain the operator listed as the
 * college's own. An explicit `false` is never trusted.
 */
function assertVerified(identity: SsoIdentity, oidc: OidcConfig): void {
  const trusted =
    identity.emailVerified === true ||
    (identity.emailVerified === undefined &&
      oidc.allowedDomains.includes(domainOf(identity.email)));
  if (!trusted) throw new SsoError('email-unverified', 'the provider did not verify the email');
}

/** As the spec's sign-up stores names: trimmed and lower-cased; the address when none is given. */
function studentName(identity: SsoIdentity): string {
  const given = identity.name?.trim();
  const name = given || identity.email.slice(0, identity.email.lastIndexOf('@'));
  return name.toLowerCase().slice(0, NAME_MAX_LENGTH);
}

export async function ssoStudent(
  db: Db,
  identity: SsoIdentity,
  oidc: OidcConfig,
  signUp: StudentSignUpMode,
): Promise<UserRow> {
  assertVerified(identity, oidc);
  const existing = await findUserByEmail(db, identity.email);
  if (existing?.oneTimePasswordExpiresAt != null)
    return (await spendOneTimePassword(db, existing.id)) ?? existing;
  if (existing) return existing;
  if (signUp === 'roster') throw new SsoError('signup-closed', 'not on the roster');
  if (oidc.allowedDomains.length > 0 && !oidc.allowedDomains.includes(domainOf(identity.email)))
    throw new SsoError('domain-not-allowed', 'new account outside the allowed domains');
  // No password: like a roster entry, "Forgot Password?" or a claim link can give one later.
  const created = await insertUser(db, {
    email: identity.email,
    name: studentName(identity),
    passwordHash: null,
  });
  // Taken meanwhile (two tabs signing in at once): the same account either way.
  const row = created ?? (await findUserByEmail(db, identity.email));
  if (!row) throw new SsoError('failed', 'the new account vanished');
  return row;
}

export function isSsoAdmin(identity: SsoIdentity, oidc: OidcConfig): boolean {
  return (
    oidc.adminEmails.includes(identity.email) ||
    (oidc.adminGroup !== undefined && identity.groups.includes(oidc.adminGroup))
  );
}

/**
 * The staff role the directory gives (issue 33): owner (OIDC_ADMIN_EMAILS, OIDC_ADMIN_GROUP),
 * else teacher, else assistant by their groups; undefined: not staff.
 */
export function ssoStaffRole(
  identity: SsoIdentity,
  oidc: OidcConfig,
): 'owner' | 'teacher' | 'assistant' | undefined {
  if (isSsoAdmin(identity, oidc)) return 'owner';
  const member = (group: string | undefined) =>
    group !== undefined && identity.groups.includes(group);
  if (member(oidc.teacherGroup)) return 'teacher';
  if (member(oidc.assistantGroup)) return 'assistant';
  return undefined;
}

/**
 * The staff account of a directory identity, made on first sign-in with the role its groups
 * give; an existing account keeps the role owners gave it in the portal.
 */
export async function ssoAdmin(db: Db, identity: SsoIdentity, oidc: OidcConfig): Promise<AdminRow> {
  assertVerified(identity, oidc);
  const role = ssoStaffRole(identity, oidc);
  if (!role) throw new SsoError('not-admin', 'not named an administrator');
  await insertAdmin(db, identity.email, SSO_ONLY_PASSWORD_HASH, role);
  const row = await findAdminByEmail(db, identity.email);
  if (!row) throw new SsoError('failed', 'the administrator vanished');
  // An owner may have deactivated the account: the campus directory does not undo that.
  if (row.deactivatedAt) throw new SsoError('not-admin', 'the staff account is deactivated');
  return row;
}
