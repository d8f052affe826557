/**
 * SQL of one-time passwords (issue 33). A one-time password is the account's password hash with
 * `one_time_password_expires_at` set: the login checks it as any password (one hash, the same
 * time as any other login), then sees the column and asks for a new password. Setting one ends
 * the student's sessions (token_version moves on, the caller announces it); choosing the new
 * password clears the column and moves the version on again, which ends the change token.
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SheetScope } from '../../contract/one-time-passwords.ts';
import type { Db } from '../db/connection.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './user-queries.ts';

// Rows of a raw `execute` (node-postgres answers `{ rows }` on PGlite and PostgreSQL alike). Kept
// here rather than imported: the shared helper is moving between folders on main.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type VersionedUser = { id: string; tokenVersion: number };

/** Has not chosen a password of their own: none yet, or only a one-time one. */
const unclaimed = (alias: SQL) =>
  sql`(${alias}.password_hash is null or ${alias}.one_time_password_expires_at is not null)`;

export async function setOneTimePassword(
  db: Db,
  values: { userId: string; passwordHash: string; expiresAt: Date },
): Promise<(VersionedUser & { name: string; email: string }) | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      oneTimePasswordExpiresAt: values.expiresAt,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, values.userId))
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      tokenVersion: users.tokenVersion,
    });
  return row;
}

export type SheetStudent = {
  userId: string;
  name: string;
  email: string;
  studentNumber: string | null;
  section: string | null;
};

/** The course's students (of one section when given), by name; `unclaimed`: only those. */
export async function sheetStudents(
  db: Db,
  courseId: string,
  sectionId: string | null,
  scope: SheetScope,
): Promise<SheetStudent[]> {
  const conditions = [sql`e.course_id = ${courseId}::uuid`];
  if (sectionId !== null) conditions.push(sql`e.section_id = ${sectionId}::uuid`);
  if (scope === 'unclaimed') conditions.push(unclaimed(sql`u`));
  return rowsOf<SheetStudent>(
    await db.execute(sql`
      select u.id as "userId", u.name, u.email, e.student_number as "studentNumber",
             s.name as section
        from enrolments e
        join users u on u.id = e.user_id
        left join course_sections s on s.id = e.section_id
       where ${sql.join(conditions, sql` and `)}
       order by lower(u.name), u.email`),
  );
}

/**
 * Gives every student in `entries` their one-time password, in one statement (all or none).
 * Someone who chose their own password since the list was read is left out under `unclaimed`
 * (the caller drops their slip). The ids and new token versions of those changed.
 */
export async function setSheetPasswords(
  db: Db,
  entries: { userId: string; passwordHash: string }[],
  expiresAt: Date,
  scope: SheetScope,
): Promise<VersionedUser[]> {
  if (entries.length === 0) return [];
  const values = sql.join(
    entries.map((entry) => sql`(${entry.userId}::uuid, ${entry.passwordHash})`),
    sql`, `,
  );
  const still = scope === 'unclaimed' ? sql`and ${unclaimed(sql`users`)}` : sql``;
  return db.transaction(async (tx) =>
    rowsOf<VersionedUser>(
      await tx.execute(sql`
        update users
           set password_hash = v.hash,
               one_time_password_expires_at = ${expiresAt.toISOString()}::timestamptz,
               token_version = users.token_version + 1
          from (values ${values}) as v(id, hash)
         where users.id = v.id ${still}
        returning users.id as id, users.token_version as "tokenVersion"`),
    ),
  );
}

/**
 * The student's own password in place of the one-time one, if the change token's version is
 * still the account's and a one-time password is still set (two tabs: one wins). The version
 * moves on: the change token, and any session of it, ends.
 */
export async function chooseOwnPassword(
  db: Db,
  values: { userId: string; tokenVersion: number; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      oneTimePasswordExpiresAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(
      and(
        eq(users.id, values.userId),
        eq(users.tokenVersion, values.tokenVersion),
        isNotNull(users.oneTimePasswordExpiresAt),
      ),
    )
    .returning();
  return row;
}

/**
 * A student who signed in by single sign-on while a one-time password was pending (issue 33):
 * the campus directory has proved who they are, so the printed slip is spent, as if they had
 * used it: the one-time password (which is the account's password hash) is removed, leaving the
 * account as a roster entry is, without a password of its own until they choose one ("Forgot
 * Password?", an activation link, or a new one-time password). A change token already given for
 * the slip can no longer choose (chooseOwnPassword needs the column set). The token version stays:
 * setting the one-time password ended every session already, and the SSO session is the new one.
 * Returns the account as it is now.
 */
export async function spendOneTimePassword(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: null, oneTimePasswordExpiresAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.oneTimePasswordExpiresAt)))
    .returning();
  return row;
}
