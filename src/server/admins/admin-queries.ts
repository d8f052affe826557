/** SQL for the admins table. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { admins } from '../db/schema.ts';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const rows = await db.select().from(admins).where(eq(admins.email, email)).limit(1);
  return rows[0];
}

export async function findAdminById(db: Db, id: string): Promise<AdminRow | undefined> {
  const rows = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return rows[0];
}

export async function countAdmins(db: Db): Promise<number> {
  return db.$count(admins);
}

/** Inserts the admin unless that email exists; true when this call inserted it. */
export async function insertAdmin(
  db: Db,
  email: string,
  passwordHash: string,
  role: 'owner' | 'teacher' | 'assistant' = 'owner',
): Promise<boolean> {
  const rows = await db
    .insert(admins)
    .values({ email, passwordHash, role })
    .onConflictDoNothing({ target: admins.email })
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Replaces the admin's password hash; false when no admin has that email. */
/** The new password ends every session of the account (its token version goes up). */
export async function setAdminPassword(
  db: Db,
  email: string,
  passwordHash: string,
): Promise<{ id: string; version: number } | undefined> {
  const [row] = await db
    .update(admins)
    .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.email, email))
    .returning({ id: admins.id, version: admins.tokenVersion });
  return row;
}

export async function listAdmins(db: Db): Promise<{ email: string; createdAt: Date }[]> {
  return db
    .select({ email: admins.email, createdAt: admins.createdAt })
    .from(admins)
    .orderBy(asc(admins.createdAt), asc(admins.email));
}
