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

// A code point pattern (flag u), so a surrogate of a well-formed pair is never matched alone.
// eslint-disable-next-line no-control-regex -- NUL is exactly what jsonb refuses
const NOT_IN_JSONB = /[\uD800-\uDFFF\u0000]/gu;

/**
 * `value` as JSON that a `jsonb` column takes. JSON.stringify writes a lone surrogate as its
 * `\ud800` escape, and a NUL as `\u0000`, and PostgreSQL refuses both in jsonb (a text column
 * takes the same string, the surrogate stored as U+FFFD by the driver's UTF-8). So both become
 * U+FFFD here, as they would in text: a course titled so is recorded, not answered 500.
 */
export const jsonbText = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(NOT_IN_JSONB, '\uFFFD') : item,
  );
