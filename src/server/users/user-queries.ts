/** SQL for the users table used by sign-in and sign-up. */
import { and, eq, isNull } from 'drizzle-orm';
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
  values: { email: string; name: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

/**
 * Sets the first password of a roster entry. The `password_hash is null` guard makes the claim
 * happen once even if two sign-ups race.
 */
export async function claimRosterUser(
  db: Db,
  id: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning();
  return rows[0];
}
