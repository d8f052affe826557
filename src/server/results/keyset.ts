/**
 * Keyset pagination for the teacher's tables: the page after a cursor is found by comparing the
 * sort value and the student's id with the last row's (an index range, whatever the page number),
 * never by OFFSET, which rescans every earlier row and shifts when rows change under a live exam.
 *
 * Every sort puts nulls (not judged, not started) last in both directions and breaks ties by the
 * user id in the sort's direction. The cursor carries the last row's sort value as the database's
 * own text for it (microsecond timestamps and doubles round-trip exactly, which a JS Date or a
 * rounded number would not), plus the sort it was made for, so a cursor reused with another sort
 * is refused instead of silently skipping rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../contract/messages.ts';
import type { SortDirection } from '../../contract/results.ts';
import { HttpError } from '../http-error.ts';

/** The SQL type a sort value is cast back to when it is compared with a cursor's text. */
export type SortType = 'text' | 'int' | 'float8' | 'timestamptz' | 'bool';

export type SortKey = {
  /** The expression rows are ordered by (text columns already lower-cased and collated "C"). */
  expr: SQL;
  type: SortType;
};

/** A text column sorted case-blind and byte-wise ("C"), the way its index is built. */
export const textSortKey = (column: string): SortKey => ({
  expr: sql.raw(`lower(${column}) collate "C"`),
  type: 'text',
});

export type Cursor = { sort: string; dir: SortDirection; value: string | null; id: string };

const cursorSchema = z.object({
  s: z.string(),
  d: z.enum(['asc', 'desc']),
  v: z.string().nullable(),
  id: z.uuid(),
});

export function encodeCursor(cursor: Cursor): string {
  const payload = { s: cursor.sort, d: cursor.dir, v: cursor.value, id: cursor.id };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const invalidCursor = () => new HttpError(400, messages.invalidPageCursor);

/** The cursor, checked to belong to this sort; a 400 otherwise. */
export function decodeCursor(text: string, sort: string, dir: SortDirection): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.s !== sort || result.data.d !== dir) throw invalidCursor();
  return { sort, dir, value: result.data.v, id: result.data.id };
}

/** A cursor's text as a value of the sort's type (text keys compare in the "C" collation). */
function typed(value: string, type: SortType): SQL {
  return type === 'text' ? sql`(${value}::text collate "C")` : sql`${value}::${sql.raw(type)}`;
}

/**
 * Rows after the cursor in `order by expr <dir> nulls last, id <dir>`: for a null cursor value
 * only the remaining nulls; otherwise the rest of the non-null values, then every null.
 */
export function afterCursor(key: SortKey, idColumn: SQL, cursor: Cursor): SQL {
  const cmp = sql.raw(cursor.dir === 'asc' ? '>' : '<');
  if (cursor.value === null)
    return sql`(${key.expr} is null and ${idColumn} ${cmp} ${cursor.id}::uuid)`;
  const value = typed(cursor.value, key.type);
  return sql`(${key.expr} ${cmp} ${value} or (${key.expr} = ${value} and ${idColumn} ${cmp} ${cursor.id}::uuid) or ${key.expr} is null)`;
}

/**
 * afterCursor's rows that have a sort value, for a cursor that has one: a page read in two parts
 * (the values, then the nulls) compares only the first with it.
 */
export function afterValue(key: SortKey, idColumn: SQL, cursor: Cursor & { value: string }): SQL {
  const cmp = sql.raw(cursor.dir === 'asc' ? '>' : '<');
  const value = typed(cursor.value, key.type);
  return sql`(${key.expr} ${cmp} ${value} or (${key.expr} = ${value} and ${idColumn} ${cmp} ${cursor.id}::uuid))`;
}

export function orderBy(key: SortKey, idColumn: SQL, dir: SortDirection): SQL {
  const d = sql.raw(dir);
  // "nulls last" on the never-null id too: it is how the results indexes spell it, and the
  // planner only walks an index whose null ordering matches the query's.
  return sql`${key.expr} ${d} nulls last, ${idColumn} ${d} nulls last`;
}

/** The sort value as the text a cursor keeps. */
export const sortValueText = (key: SortKey): SQL => sql`(${key.expr})::text`;
