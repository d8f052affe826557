/** Small SQL pieces every domain's hand-written queries share. */
import { sql, type SQL } from 'drizzle-orm';

/** Rows of a raw `db.execute` (node-postgres answers `{ rows }` on PGlite and PostgreSQL alike). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A timestamp as an ISO string made by the database, so the answer does not depend on how the
 * driver parses timestamps or on the session's time zone.
 */
export const iso = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%text%` for ILIKE, with the pattern characters the teacher typed taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
