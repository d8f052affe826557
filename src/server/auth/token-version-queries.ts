/** SQL for accounts' token versions (users.token_version, admins.token_version). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { admins, users } from '../db/schema.ts';
import type { Role } from './tokens.ts';

// Every id is a uuid; anything else (never signed by this server) is no account, rather than a
// query PostgreSQL refuses with an error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's current version, or undefined when there is no such account (deleted). */
export async function readTokenVersion(
  db: Db,
  kind: Role,
  id: string,
): Promise<number | undefined> {
  if (!UUID.test(id)) return undefined;
  const table = kind === 'student' ? users : admins;
  const [row] = await db
    .select({ version: table.tokenVersion })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.version;
}

export type BumpedVersion = { id: string; version: number };

/** Ends every token of the account: its version goes up by one. Undefined: no such account. */
export async function bumpTokenVersion(
  db: Db,
  kind: Role,
  by: { id: string } | { email: string },
): Promise<BumpedVersion | undefined> {
  if ('id' in by && !UUID.test(by.id)) return undefined;
  if (kind === 'student') {
    const [row] = await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email))
      .returning({ id: users.id, version: users.tokenVersion });
    return row;
  }
  const [row] = await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where('id' in by ? eq(admins.id, by.id) : eq(admins.email, by.email))
    .returning({ id: admins.id, version: admins.tokenVersion });
  return row;
}
