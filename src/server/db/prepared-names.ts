/**
 * Names of the named prepared statements (prepared.ts). PGlite has one session that every
 * connection shares, this process's pool and another process's alike (`npm run admin` reaches a
 * running server's database through its socket), and prepared statements belong to the session:
 * so a name carries this process's mark beside the digest of the text, and a connection that
 * replaces a broken one drops this process's statements (node-postgres on it knows none of them
 * and would prepare one that exists) and nobody else's. On PostgreSQL a session is a
 * connection, and the mark changes nothing.
 */
import crypto from 'node:crypto';
import type pg from 'pg';

const processMark = crypto.randomBytes(6).toString('base64url');

/** PostgreSQL keeps 63 bytes of a name: 2 + 27 (a SHA-1 in base64url) + 1 + 8. */
export const preparedName = (text: string): string =>
  `p_${crypto.createHash('sha1').update(text).digest('base64url')}_${processMark}`;

/** Drops the statements this process prepared in the connection's session. */
export async function deallocateOwnStatements(client: pg.ClientBase): Promise<void> {
  const found = await client.query<{ name: string }>(
    'select name from pg_prepared_statements where right(name, $1) = $2',
    [processMark.length + 1, `_${processMark}`],
  );
  for (const { name } of found.rows) await client.query(`deallocate "${name}"`);
}
