/** SQL for the users table used by sign-in and sign-up. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Inserts a new student; undefined when the email was taken meanwhile (unique index). */
export async function insertUser(
  db: Db,
  values: { email: string; name: string; passwordHash: string | null },
): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

/**
 * A `verify`-mode sign-up's account before its email is confirmed: like a roster entry, a name
 * and no password. Undefined when the email was taken meanwhile.
 */
export function insertUnclaimedUser(
  db: Db,
  values: { email: string; name: string },
): Promise<UserRow | undefined> {
  return insertUser(db, { ...values, passwordHash: null });
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}
