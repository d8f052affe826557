/**
 * The tables (DESIGN.md §4). One schema serves PGlite and PostgreSQL; the SQL migrations in
 * ./migrations are generated from it with `npm run db:generate`.
 */
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** Administrators, checked by the server (DESIGN.md §3), never in the browser. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A challenge: the spec's ten fields plus what the judge needs. `challenge_id` is the test code
 * students type. Dates are calendar dates, open from the start of startDate to the end of
 * endDate in the server's time zone (DESIGN.md §4).
 */
export const challenges = pgTable('challenges', {
  challengeId: text('challenge_id').primaryKey(),
  challengeName: text('challenge_name').notNull(),
  challengeDesc: text('challenge_desc').notNull(),
  difficultyLev: text('difficulty_lev').notNull(),
  score: integer('score').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  timeDur: integer('time_dur').notNull(),
  language: text('language').notNull(),
  tags: text('tags').notNull(),
  starterCode: text('starter_code').notNull().default(''),
  timeLimitMs: integer('time_limit_ms').notNull().default(2000),
  memoryLimitMb: integer('memory_limit_mb').notNull().default(256),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testCases = pgTable(
  'test_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    input: text('input').notNull(),
    expectedOutput: text('expected_output').notNull(),
    hidden: boolean('hidden').notNull().default(true),
    weight: integer('weight').notNull().default(1),
  },
  (t) => [unique('test_cases_challenge_ordinal').on(t.challengeId, t.ordinal)],
);

/** When a student first opened a challenge; the deadline is fixed then, once. */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
  },
  (t) => [unique('attempts_user_challenge').on(t.userId, t.challengeId)],
);

/**
 * A judged submission. The id may come from the client, so a submission queued offline and sent
 * twice is stored once.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    verdict: text('verdict').notNull(),
    passed: integer('passed').notNull().default(0),
    total: integer('total').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submissions_user_challenge').on(t.userId, t.challengeId)],
);

/** Password-reset tokens: only a hash is stored; single use; older ones die when one is used. */
export const resetTokens = pgTable('reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
