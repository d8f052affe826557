/**
 * A read that a polled view repeats all day (the exam matrix's page), run as a named prepared
 * statement: node-postgres parses a name once per connection, and PostgreSQL may keep one plan
 * for it, so a repeat skips parsing and usually planning. Unnamed, the matrix's two statements
 * spent 1.1 ms parsing and 3.5 ms planning of a page's 14 ms in PostgreSQL (bench/exams.ts,
 * `log_min_duration_statement`); both databases go through node-postgres (connection.ts), PGlite
 * included.
 *
 * The name is a digest of the statement's text (prepared-names.ts), so each distinct text (a
 * view's filters and sort give a few hundred at most) is prepared once per connection and kept
 * while it lives; its values stay parameters. Not for statements whose text embeds values.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './connection.ts';
import { preparedName } from './prepared-names.ts';

const dialect = new PgDialect();

/** `db.execute(query)` as a named prepared statement; the same result (`rowsOf` reads it). */
export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(built, undefined, preparedName(built.sql), false).execute();
}

/** A drizzle builder's query (a select) as a named prepared statement, its rows mapped as usual. */
export function runPrepared<T>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}): Promise<T> {
  return query.prepare(preparedName(query.toSQL().sql)).execute();
}
