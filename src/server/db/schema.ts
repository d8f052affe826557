/**
 * The tables (DESIGN.md §4). One schema serves PGlite and PostgreSQL; the SQL migrations in
 * ./migrations are generated from it with `npm run db:generate`.
 */
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Always stored lower-cased and trimmed (spec §5), so a plain unique index is enough.
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  // Null for a roster entry the student has not claimed yet.
  passwordHash: text('password_hash'),
  year: text('year'),
  branch: text('branch'),
  college: text('college'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed-login counters, kept in the database so every server process sees the same ones. */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
