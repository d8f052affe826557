/**
 * The tables (DESIGN.md §4). One schema serves PGlite and PostgreSQL; the SQL migrations in
 * ./migrations are generated from it with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { EXACT_COMPARE_RULE, type CompareRule } from '../../contract/compare-rule.ts';
import type { KattisGrading } from '../../contract/kattis-grading.ts';
import type { SelfCheckRow } from '../../contract/problems.ts';
import type { TestGroup } from '../../contract/test-groups.ts';
import { SUBMISSION_STATUSES } from '../../contract/compiler.ts';
import { SITTING_LIFECYCLES } from '../../contract/sittings.ts';
import type { StoredAccessRules } from '../../contract/access-rules.ts';
import { DEFAULT_COURSE_ID } from '../../contract/courses.ts';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Always stored lower-cased and trimmed (spec §5), so a plain unique index is enough.
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    // Null for a roster entry the student has not claimed yet.
    passwordHash: text('password_hash'),
    year: text('year'),
    branch: text('branch'),
    college: text('college'),
    /**
     * Bumped by a password reset, a logout and an administrator's "sign out everywhere" (issue 15
     * item 4): session and compiler tokens carry the version they were issued at, and one older
     * than this is refused (auth/session-versions.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Set when staff gave the student a one-time password (issue 33): `password_hash` is then
     * that password's hash, it works until this moment, and the student must choose their own
     * at the first sign-in (users/one-time-password-queries.ts). Null: the password is the
     * student's own (or there is none yet).
     */
    oneTimePasswordExpiresAt: timestamp('one_time_password_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The results table's and export's default order (by name, keyset pages): read in index
    // order instead of sorting every student for each page.
    index('users_name_sort').on(sql`(lower(${t.name}) collate "C")`, t.id),
  ],
);

/** Failed-login counters, kept in the database so every server process sees the same ones. */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** The latest failure: a login's wait is counted from it (auth/login-throttle.ts). */
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Addresses that signed in to an account (issue 30): a failed login from one of them is not
 * charged to the account's budget for unknown clients (auth/unknown-clients.ts). Keyed by the
 * login's scope and email, as the failure counts are; forgotten 30 days after the last sign-in
 * (maintenance/prune-expired.ts), and only a right password adds a row, so it stays small.
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    scope: text('scope').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.email, t.ip] }),
    index('known_sign_in_addresses_last').on(t.lastSignedInAt),
  ],
);

/** Administrators, checked by the server (DESIGN.md §3), never in the browser. */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** As users.token_version: the administrator's logout ends every session of theirs. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The staff role (issue 33, auth/policy.ts): the spec's administrator is an owner; teachers
     * and assistants act only in the courses course_staff names. A change of role or a
     * deactivation moves token_version on, so it ends their sessions at once.
     */
    role: text('role', { enum: ['owner', 'teacher', 'assistant'] })
      .notNull()
      .default('owner'),
    name: text('name').notNull().default(''),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('admins_role', sql`${t.role} in ('owner', 'teacher', 'assistant')`)],
);

/**
 * A course (issue 33, contract/courses.ts). Codes are unique without regard to case. The
 * default course (DEFAULT_COURSE_ID) is made by the migration that brought courses and holds
 * everything from before.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    term: text('term').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The code a student types to join (contract/enrolment-codes.ts), null when staff turned it
     * off; stored upper-case, unique without regard to case like the course code.
     */
    enrolmentCode: text('enrolment_code'),
    /** The section a student joining by the code lands in; null for none. */
    enrolmentSectionId: uuid('enrolment_section_id').references(
      (): AnyPgColumn => courseSections.id,
      { onDelete: 'set null' },
    ),
  },
  (t) => [
    uniqueIndex('courses_code_lower').on(sql`lower(${t.code})`),
    uniqueIndex('courses_enrolment_code_lower').on(sql`lower(${t.enrolmentCode})`),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('course_sections_name').on(t.courseId, t.name)],
);

/** Who teaches or assists in a course; owners need no row (they may act in every course). */
export const courseStaff = pgTable(
  'course_staff',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['teacher', 'assistant'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.staffId] }),
    // The guard reads a member's courses on every staff call.
    index('course_staff_member').on(t.staffId),
    check('course_staff_role', sql`${t.role} in ('teacher', 'assistant')`),
  ],
);

/**
 * An invitation to join the staff (contract/staff.ts): only the link's SHA-256 is kept, as for
 * reset tokens. Accepting it makes the admins row (and the course_staff row when it names one).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: ['owner', 'teacher', 'assistant'] }).notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_invitations_role', sql`${t.role} in ('owner', 'teacher', 'assistant')`)],
);

/**
 * The audit log (issue 33, contract/audit.ts): one row per staff action, append-only. Triggers
 * made by hand in the migration refuse every UPDATE and TRUNCATE, and every DELETE but the
 * retention's (audit_log_prune, never of entries younger than AUDIT_MIN_RETENTION_DAYS).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    address: text('address').notNull().default(''),
    action: text('action').notNull(),
    /** The call: method and route, such as "PUT /api/admin/exams/:examCode". */
    call: text('call').notNull().default(''),
    outcome: integer('outcome').notNull(),
    targetKind: text('target_kind').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    courseId: uuid('course_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor').on(t.actorEmail, t.at),
    // The owner's page filtered by course, newest first (a keyset on id).
    index('audit_log_course').on(t.courseId, t.id),
  ],
);

/** A student in a course, with their section and the college's student number when known. */
export const enrolments = pgTable(
  'enrolments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    studentNumber: text('student_number'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('enrolments_user').on(t.userId),
    // Whether a course has any Student ID (the results' column is shown only then), read on
    // every results poll: a probe here instead of a walk of a 10,000-student course's rows.
    index('enrolments_student_number')
      .on(t.courseId)
      .where(sql`${t.studentNumber} is not null`),
  ],
);

/**
 * A challenge: the spec's ten fields plus what the judge needs. `challenge_id` is the test code
 * students type. Dates are calendar dates, open from startTime on startDate through the endTime
 * minute of endDate in the server's time zone (DESIGN.md §4).
 */
export const challenges = pgTable(
  'challenges',
  {
    challengeId: text('challenge_id').primaryKey(),
    challengeName: text('challenge_name').notNull(),
    challengeDesc: text('challenge_desc').notNull(),
    difficultyLev: text('difficulty_lev').notNull(),
    score: integer('score').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /**
     * Wall-clock times beside the dates (issue 32), read in TZ like them: open from start_time on
     * start_date through the end_time minute on end_date (src/contract/challenge-times.ts). Not
     * instants (timestamptz), which would fix a window to the TZ of the day it was saved. The
     * defaults are the whole days every challenge before them had.
     */
    startTime: time('start_time', { precision: 0 }).notNull().default('00:00'),
    endTime: time('end_time', { precision: 0 }).notNull().default('23:59'),
    timeDur: integer('time_dur').notNull(),
    language: text('language').notNull(),
    /** Other languages it accepts besides `language` (issue 14), in the judge's order. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags').notNull(),
    starterCode: text('starter_code').notNull().default(''),
    timeLimitMs: integer('time_limit_ms').notNull().default(2000),
    memoryLimitMb: integer('memory_limit_mb').notNull().default(256),
    /** Standard output a program may write, in MiB (issue 35; Kattis's and DOMjudge's 8 MiB). */
    outputLimitMb: integer('output_limit_mb').notNull().default(8),
    /**
     * How outputs are compared (src/contract/compare-rule.ts). The column's default is `exact`, the
     * rule of every challenge written before it existed, so migration 0004 leaves their verdicts
     * as they were; the API gives a new challenge the default validator itself.
     */
    compare: jsonb('compare').$type<CompareRule>().notNull().default(EXACT_COMPARE_RULE),
    /** How its test groups score (src/contract/test-groups.ts); a group not listed sums its tests. */
    testGroups: jsonb('test_groups').$type<TestGroup[]>().notNull().default([]),
    /** A Kattis scoring problem's grading (src/contract/kattis-grading.ts); null: by the groups. */
    grading: jsonb('grading').$type<KattisGrading>(),
    /**
     * Points staff grade by hand on top of the judge's (issue 34 item 3: code quality, say), out
     * of this maximum; 0: none. Not one of the spec's ten fields: set from the grading dialog.
     */
    manualPointsMax: doublePrecision('manual_points_max').notNull().default(0),
    /** The `checker` rule's program ('' otherwise): administrators only, never in a student's read. */
    checkerSource: text('checker_source').notNull().default(''),
    /** An interactive problem (issue 35): the checker program runs as the interactor. */
    interactive: boolean('interactive').notNull().default(false),
    /**
     * The checker program's extra arguments after `input judge_answer feedback_dir/` (issue 35):
     * a package's validator_flags or special_compare_args; none for other rules.
     */
    checkerArgs: text('checker_args')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Exam integrity (issue 17, contract/signals.ts): both off unless the teacher turns them on. */
    captureTabChanges: boolean('capture_tab_changes').notNull().default(false),
    disablePaste: boolean('disable_paste').notNull().default(false),
    /**
     * The similarity report's settings (issue 37, contract/similarity.ts): the tokens a pair must
     * share for its score to stand (null: the default), and the teacher's reference solution,
     * which counts like the starter code. Staff only: no student read selects them.
     */
    similarityMinimumTokens: integer('similarity_minimum_tokens'),
    referenceSolution: text('reference_solution').notNull().default(''),
    /** The course it belongs to (issue 33); the default course's when none is named. */
    courseId: uuid('course_id')
      .notNull()
      .default(DEFAULT_COURSE_ID)
      .references(() => courses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A typed test code is matched without regard to case (exams/test-codes.ts).
  (t) => [
    index('challenges_id_lower').on(sql`lower(${t.challengeId})`),
    index('challenges_course').on(t.courseId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Big test data (issue 14 item 6): one stored file per distinct content, named by its SHA-256
 * once the upload is complete (null while it streams in). Its bytes are in test_data_chunks, in
 * pieces of at most 1 MiB, so neither an upload nor a read ever holds a whole file in memory, and
 * PostgreSQL stays the only thing servers and workers share.
 */
export const testData = pgTable(
  'test_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').unique(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** When it was last uploaded: unused files are removed a day after (test-data-queries.ts). */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_data_uploaded_at').on(t.uploadedAt)],
);

export const testDataChunks = pgTable(
  'test_data_chunks',
  {
    dataId: uuid('data_id')
      .notNull()
      .references(() => testData.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [unique('test_data_chunks_data_seq').on(t.dataId, t.seq)],
);

/**
 * The images of a challenge's statement (issue 31 item 4, contract/challenge-images.ts): the name
 * the Markdown uses, the stored bytes (test_data, by SHA-256) and the type read from those bytes.
 * They go with the challenge (cascade); the bytes themselves are removed by the test data's
 * clean-up once nothing names them.
 */
export const challengeImages = pgTable(
  'challenge_images',
  {
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => testData.sha256),
    mediaType: text('media_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.name] }),
    index('challenge_images_sha256').on(t.sha256),
  ],
);

/**
 * A package import's self-check (issue 14 item 7): judged after the import has answered, its rows
 * appended as they come, so a teacher's browser (and any server behind a proxy) can follow it.
 */
export const problemSelfChecks = pgTable('problem_self_checks', {
  id: uuid('id').primaryKey().defaultRandom(),
  challengeId: text('challenge_id').notNull(),
  total: integer('total').notNull(),
  rows: jsonb('rows').$type<SelfCheckRow[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
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
    /** A hidden test's group; null: `secret` (samples are always `sample`). */
    groupName: text('group_name'),
    /** Big test data: the input is this stored file (and `input` is ''). */
    inputSha256: text('input_sha256').references(() => testData.sha256),
    /** The expected output is this stored file (and `expected_output` is ''). */
    expectedOutputSha256: text('expected_output_sha256').references(() => testData.sha256),
  },
  (t) => [unique('test_cases_challenge_ordinal').on(t.challengeId, t.ordinal)],
);

/**
 * What a student sits under one timer (docs/design/exams-and-sittings.md): today a challenge on
 * its own, one sitting per challenge (`challenge_id`), made when it is first needed
 * (compiler/sittings-queries.ts). Exams (issue 31) will be sittings of several problems, and the
 * sitting's rules (lifecycle, stop, access, issue 32) hang here, the same for both kinds. The
 * window stays on what is sat (a challenge's startDate/endDate), its one place.
 */
export const sittings = pgTable('sittings', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['challenge', 'exam'] }).notNull(),
  challengeId: text('challenge_id')
    .unique()
    .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  /** Draft (staff only) or published (contract/sittings.ts). */
  lifecycle: text('lifecycle', { enum: SITTING_LIFECYCLES }).notNull().default('published'),
  /** "Stop now": every attempt's deadline is at most this; null while not stopped. */
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Networks, sitting password (hashed), SEB Config Key (contract/access-rules.ts); null: none. */
  accessRules: jsonb('access_rules').$type<StoredAccessRules>(),
});

/**
 * A student's attempt at a sitting: the one timer (issue 5 §4), fixed at the first open as
 * min(start + duration, end of the window). `number` counts attempts of one student at one
 * sitting (a reset, issue 32, starts the next); the highest is the current one. Every
 * per-problem standing (`attempts`) belongs to one.
 */
export const sittingAttempts = pgTable(
  'sitting_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sittingId: uuid('sitting_id')
      .notNull()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** When the student finished before the deadline (exams' "Finish exam"); null while open. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The proctor view's presence (sittings/proctor/): when the student's page last held its timer
     * long poll, written at most every PRESENCE_WRITE_SECONDS, and the problem it shows (for a
     * challenge the challenge itself; for an exam the problem selected on the exam screen).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    currentChallengeId: text('current_challenge_id'),
    /**
     * An exam's sitting attempt: its total and its last submission's time, stored so the results
     * matrix sorts by them without adding up every student's cells. Null until something is
     * judged / submitted, and always for a challenge's own sittings. Kept by database triggers
     * in the transaction of every write that changes them (exams/exam-totals.ts, the migration
     * exam_totals); never written by the application.
     */
    examTotal: doublePrecision('exam_total'),
    examLastSubmissionAt: timestamp('exam_last_submission_at', { withTimezone: true }),
  },
  (t) => [
    unique('sitting_attempts_sitting_user_number').on(t.sittingId, t.userId, t.number),
    // The target of attempts' (sitting_attempt_id, sitting_id) key.
    unique('sitting_attempts_id_sitting').on(t.id, t.sittingId),
    index('sitting_attempts_user').on(t.userId),
    // The exam results matrix sorted by total reads its page in this order, both ways, and stops
    // after the page (exams/exam-results-queries.ts pageRows).
    index('sitting_attempts_exam_total').on(t.sittingId, t.examTotal, t.userId),
  ],
);

/**
 * A student let in by a sitting's password (sittings/access/): for the password of that id, and
 * for their sitting attempt of that number (or the first, when they had none yet), so they type
 * it once per attempt; a new password or a reset asks again.
 */
export const sittingPasses = pgTable(
  'sitting_passes',
  {
    sittingId: uuid('sitting_id')
      .notNull()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordId: text('password_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sittingId, t.userId] }),
    index('sitting_passes_user').on(t.userId),
  ],
);

/**
 * A student's accommodation at a sitting (issue 32 item 3, contract/accommodations.ts): kept per
 * (sitting, student) rather than per attempt, because it is given before they start (25 % extra
 * time the day before) and applies to every attempt they begin. An attempt begun under it has the
 * deadline min(start + duration × factor + extra, window end), the window being the student's own
 * when set (sittings/accommodations/accommodation-time.ts). `reset_number`: the attempt number a
 * teacher reset; the student's next open begins number + 1.
 */
export const sittingAccommodations = pgTable(
  'sitting_accommodations',
  {
    sittingId: uuid('sitting_id')
      .notNull()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    durationFactor: doublePrecision('duration_factor').notNull().default(1),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    resetNumber: integer('reset_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sittingId, t.userId] }),
    check('sitting_accommodations_factor', sql`${t.durationFactor} >= 1`),
    check(
      'sitting_accommodations_window',
      sql`(${t.windowStart} is null) = (${t.windowEnd} is null) and (${t.windowEnd} is null or ${t.windowEnd} > ${t.windowStart})`,
    ),
  ],
);

/**
 * Every accommodation given, append-only: who gave it (the staff member's id, e-mail and name as
 * they were at the time, so the log reads the same after the account changes or goes), when, why,
 * what, and the student's deadline before and after (null while they have not started).
 */
export const accommodationLog = pgTable(
  'accommodation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sittingId: uuid('sitting_id')
      .notNull()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sittingAttemptId: uuid('sitting_attempt_id').references(() => sittingAttempts.id, {
      onDelete: 'set null',
    }),
    kind: text('kind', { enum: ['extra_time', 'factor', 'window', 'reopen', 'reset'] }).notNull(),
    minutes: integer('minutes'),
    factor: doublePrecision('factor'),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    deadlineBefore: timestamp('deadline_before', { withTimezone: true }),
    deadlineAfter: timestamp('deadline_after', { withTimezone: true }),
    givenById: uuid('given_by_id').notNull(),
    givenByEmail: text('given_by_email').notNull(),
    givenByName: text('given_by_name').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('accommodation_log_student').on(t.sittingId, t.userId, t.givenAt)],
);

/**
 * Announcements and clarifications of a sitting (issue 32 item 5, contract/notices.ts), one
 * append-only table so that its identity is the one cursor a student's page follows: a notice is
 * never edited or deleted, so the highest id a student may see grows with every new thing for them.
 * - `announcement`: staff to everyone (`author`: the staff member's email).
 * - `question`: a student (`user_id`) asks, about a problem (`challenge_id`) or in general.
 * - `answer`: staff answer `question_id`; `user_id` repeats the asker (visibility is one column
 *   test), `to_all` shows the question and this answer to every student, without the asker.
 */
export const sittingNotices = pgTable(
  'sitting_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sittingId: uuid('sitting_id')
      .notNull()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['announcement', 'question', 'answer'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' }),
    toAll: boolean('to_all').notNull().default(false),
    challengeId: text('challenge_id').references(() => challenges.challengeId, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    body: text('body').notNull(),
    author: text('author'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.questionId], foreignColumns: [t.id] }).onDelete('cascade'),
    // A student's cursor is the greater of two index reads (notices/notice-queries.ts): their
    // own rows, and what everyone sees. 500 timer long polls woken by one announcement each
    // read it, so neither may scan the sitting's other students' questions.
    index('sitting_notices_user').on(t.sittingId, t.userId, t.id),
    index('sitting_notices_public')
      .on(t.sittingId, t.id)
      .where(sql`${t.kind} = 'announcement' or ${t.toAll}`),
    index('sitting_notices_question').on(t.questionId),
    check(
      'sitting_notices_shape',
      sql`(${t.kind} = 'announcement' and ${t.userId} is null and ${t.questionId} is null)
        or (${t.kind} = 'question' and ${t.userId} is not null and ${t.questionId} is null)
        or (${t.kind} = 'answer' and ${t.userId} is not null and ${t.questionId} is not null)`,
    ),
  ],
);

/**
 * An exam (issue 31, contract/exams.ts): a sitting of several problems under one test code. Its
 * window is wall-clock dates and times read in TZ, like a challenge's dates (a close time of 23:59
 * means through 23:59). `code` is unique without regard to case (the index on lower(code)), and
 * no challenge has it either: both creations take the same advisory lock on the code
 * (exams/test-codes.ts). An archived exam can no longer be taken, and it is kept with its results.
 */
export const exams = pgTable(
  'exams',
  {
    sittingId: uuid('sitting_id')
      .primaryKey()
      .references(() => sittings.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** "HH:MM", 24-hour clock. */
    startTime: text('start_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    endTime: text('end_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    scoring: text('scoring', { enum: ['best', 'last'] }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The course it belongs to (issue 33); the default course's when none is named. */
    courseId: uuid('course_id')
      .notNull()
      .default(DEFAULT_COURSE_ID)
      .references(() => courses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exams_code_lower').on(sql`lower(${t.code})`),
    index('exams_course').on(t.courseId),
    check('exams_start_time', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('exams_end_time', sql`${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('exams_scoring', sql`${t.scoring} in ('best', 'last')`),
  ],
);

/** An exam's problems in order: 1, 2, … Each is worth `points`. */
export const examSlots = pgTable(
  'exam_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examSittingId: uuid('exam_sitting_id')
      .notNull()
      .references(() => exams.sittingId, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [unique('exam_slots_exam_ordinal').on(t.examSittingId, t.ordinal)],
);

/**
 * The challenges a slot draws from: one is a fixed problem, several a pool. A challenge in an
 * exam cannot be deleted (RESTRICT): the exam would silently lose a problem its students may be
 * solving; the delete call says which exam holds it (challenges/challenge-routes.ts).
 */
export const examSlotChoices = pgTable(
  'exam_slot_choices',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => examSlots.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** The teacher's order within the pool (the draw sorts by id, whatever this says). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.challengeId] }),
    index('exam_slot_choices_challenge').on(t.challengeId),
  ],
);

/**
 * The problem each student was given in each slot, written at their first open of the exam and
 * never changed: the same on every device, after a restart, and after the teacher edits the pool.
 * A slot the teacher removes takes its draws with it; a drawn challenge cannot be deleted.
 */
export const examDraws = pgTable(
  'exam_draws',
  {
    sittingAttemptId: uuid('sitting_attempt_id')
      .notNull()
      .references(() => sittingAttempts.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => examSlots.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.challengeId, { onDelete: 'restrict', onUpdate: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sittingAttemptId, t.slotId] }),
    index('exam_draws_slot').on(t.slotId),
    index('exam_draws_challenge').on(t.challengeId),
  ],
);

/**
 * A student's standing on one problem of a sitting attempt (its timer is the sitting attempt's):
 * when they first opened it, and the best judged score and its submission, the number of
 * submissions and the last one's time, written in the same transaction as the submission or result
 * that changes it, so the teacher's results page reads one row per student instead of
 * aggregating every submission on each request.
 */
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
    /** The sitting attempt this standing belongs to: its timer is the student's timer. */
    sittingAttemptId: uuid('sitting_attempt_id')
      .notNull()
      .references(() => sittingAttempts.id, { onDelete: 'cascade' }),
    /**
     * That sitting attempt's sitting, kept here (the pair is a foreign key, so it cannot differ)
     * so a challenge's own results read its standings without joining every sitting attempt:
     * the join cost 2-4 ms per Results request at 10,000 students (bench/results.ts).
     */
    sittingId: uuid('sitting_id').notNull(),
    /** When the student first opened this problem. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until a submission is judged. */
    bestScore: doublePrecision('best_score'),
    bestSubmissionId: uuid('best_submission_id'),
    submissionCount: integer('submission_count').notNull().default(0),
    lastSubmissionAt: timestamp('last_submission_at', { withTimezone: true }),
    /**
     * Exam signal counters (issue 17), kept up to date in the transaction that stores the events
     * (integrity/signals/), so the results page reads them with the row instead of counting
     * attempt_signals for every student on every poll.
     */
    signalCount: integer('signal_count').notNull().default(0),
    tabChanges: integer('tab_changes').notNull().default(0),
    awayMs: bigint('away_ms', { mode: 'number' }).notNull().default(0),
    /** Every outside paste, blocked ones included: readers subtract blocked_pastes (signal-rules.ts). */
    pastes: integer('pastes').notNull().default(0),
    blockedPastes: integer('blocked_pastes').notNull().default(0),
    reloads: integer('reloads').notNull().default(0),
    /**
     * The current score override and manual grade (issue 34 item 3), copied from the latest
     * entry of score_overrides in the writer's transaction (grading/grade-writes.ts) so the
     * results, the exam totals' trigger and the exports read a column, not a history, per row.
     * A re-judge writes best_score only: the override stays over it. Null: none.
     */
    overrideKind: text('override_kind').$type<'absolute' | 'adjust'>(),
    overrideValue: doublePrecision('override_value'),
    manualPoints: doublePrecision('manual_points'),
  },
  (t) => [
    foreignKey({
      name: 'attempts_sitting_attempt_sitting_fk',
      columns: [t.sittingAttemptId, t.sittingId],
      foreignColumns: [sittingAttempts.id, sittingAttempts.sittingId],
    }).onDelete('cascade'),
    // One standing per problem of a sitting attempt: the same challenge may stand alone and in
    // several exams (docs/design/exams-and-sittings.md), each with a standing of its own.
    unique('attempts_sitting_attempt_challenge').on(t.sittingAttemptId, t.challengeId),
    // A student's standings (their list of challenges, the students table's count, deletion).
    index('attempts_user').on(t.userId, t.challengeId),
    index('attempts_challenge_best').on(t.challengeId, t.bestScore),
    // The results table sorted by best score (issue 12), both ways with nulls last and the
    // student as tie-breaker, exactly as its keyset pages read it: the first page of a challenge
    // is a short index walk instead of a sort of every attempt.
    index('attempts_results_best_asc').on(t.challengeId, t.bestScore.asc().nullsLast(), t.userId),
    index('attempts_results_best_desc').on(
      t.challengeId,
      t.bestScore.desc().nullsLast(),
      t.userId.desc(),
    ),
  ],
);

/**
 * Exam signals (issue 17): one row per event the compiler page recorded for an attempt. The
 * event id is made by the page, so an event sent twice (a lost answer, a queue flushed from two
 * tabs) is stored once; it is unique per attempt, so one student's ids can never collide with
 * another's. `client_at` is the page's claim, `received_at` the server's clock (contract/signals.ts).
 */
export const attemptSignals = pgTable(
  'attempt_signals',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    awayMs: bigint('away_ms', { mode: 'number' }),
    chars: integer('chars'),
    blocked: boolean('blocked'),
    clientAt: timestamp('client_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.eventId] }),
    // The per-minute limit counts an attempt's recent arrivals.
    index('attempt_signals_received').on(t.attemptId, t.receivedAt),
  ],
);

/**
 * A submission, stored before it is judged (status `queued`) and judged by a queue worker. The id
 * may come from the client, so a submission queued offline and sent twice is stored once.
 * `job_id` names the queue job that currently owns it: a result is written only by that job, so
 * a job retried after its worker died, or a job made stale by a re-judge, writes nothing twice.
 * `verdict` is null until the submission is judged.
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
    /**
     * The sitting attempt it was made in (the challenge on its own, or an exam): the standing it
     * counts for is (sitting_attempt_id, challenge_id).
     */
    sittingAttemptId: uuid('sitting_attempt_id')
      .notNull()
      .references(() => sittingAttempts.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('judged'),
    jobId: uuid('job_id'),
    /** When its job was sent: the order of the fair queue, for the student's queue position. */
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    verdict: text('verdict'),
    passed: integer('passed').notNull().default(0),
    total: integer('total').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
    details: jsonb('details'),
    /** When the server first saw it: the deadline rules and the results use this time. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
  },
  (t) => [
    index('submissions_user_challenge').on(t.userId, t.challengeId),
    // A standing's submissions: its best or last, the history, an exam's cells.
    index('submissions_sitting_attempt').on(t.sittingAttemptId, t.challengeId, t.createdAt),
    index('submissions_challenge').on(t.challengeId, t.createdAt),
    // Waiting and running submissions: queue depth, positions and each student's next one.
    index('submissions_pending')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('submissions_waiting')
      .on(t.enqueuedAt)
      .where(sql`${t.status} = 'queued' and ${t.jobId} is not null`),
  ],
);

/**
 * What the program printed on each test of a submission (issue 34 item 1), for staff only: the
 * first 64 KiB of standard output and of standard error, each marked when cut
 * (judge/captured-output.ts). A table of its own so the hot reads of `submissions` (results pages,
 * the student's history, standings) never carry it; read one submission or one test at a time
 * (grading/test-output-queries.ts). Replaced with the result it belongs to (record-result.ts);
 * PostgreSQL compresses values over ~2 KB itself (TOAST), and docs/operations.md gives the cost.
 */
export const submissionTestOutputs = pgTable(
  'submission_test_outputs',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** 0-based, as the submission's `details.tests`. */
    testIndex: integer('test_index').notNull(),
    stdout: text('stdout').notNull(),
    stdoutCut: boolean('stdout_cut').notNull(),
    stderr: text('stderr').notNull(),
    stderrCut: boolean('stderr_cut').notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.testIndex] })],
);

/**
 * Staff's feedback note on a submission (issue 34 item 4, contract/submission-feedback.ts):
 * Markdown as written, rendered and sanitised where it is shown. One per submission; the last
 * writer is its author. The author's id is kept loose (set null) so deleting a staff account
 * keeps the feedback students have read, with the email it was written under.
 */
export const submissionFeedback = pgTable('submission_feedback', {
  submissionId: uuid('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  markdown: text('markdown').notNull(),
  authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
  authorEmail: text('author_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff comment on one line (1-based) of a submission's code; only its author changes it. */
export const submissionComments = pgTable(
  'submission_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submission_comments_submission').on(t.submissionId, t.line),
    check('submission_comments_line', sql`${t.line} >= 1`),
  ],
);

/**
 * When students see the results of a challenge or an exam (issue 34 item 5,
 * contract/result-release.ts). No row: `immediate`, as before releases existed. Exactly one of
 * the two targets is set; a challenge's rule covers it sat alone, an exam's its problems sat in
 * that exam.
 */
export const resultReleases = pgTable(
  'result_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: text('challenge_id')
      .unique()
      .references(() => challenges.challengeId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    examSittingId: uuid('exam_sitting_id')
      .unique()
      .references(() => exams.sittingId, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['immediate', 'after_end', 'manual'] }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('result_releases_mode', sql`${t.mode} in ('immediate', 'after_end', 'manual')`),
    check(
      'result_releases_one_target',
      sql`num_nonnulls(${t.challengeId}, ${t.examSittingId}) = 1`,
    ),
  ],
);

/**
 * Judge worker processes (in-process or `npm run worker`), each refreshing its heartbeat while it
 * runs, for the administrator's queue status.
 */
export const judgeWorkers = pgTable('judge_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  concurrency: integer('concurrency').notNull(),
  running: integer('running').notNull().default(0),
  judged: integer('judged').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One Run at a time per student, across every server process: a row is the student's running
 * Run, taken with an insert and given back with a delete; one past `expires_at` was left by a
 * process that died and may be taken over.
 */
export const runLocks = pgTable('run_locks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/**
 * Every score override and manual grade staff gave a standing (issue 34 item 3), append-only: a
 * new entry replaces the current one, `clear` removes it; the standing's override columns hold
 * the latest entry's effect. `part` says which grade: the judged score (`score`: kind absolute
 * or adjust) or the manual points (`manual`: kind absolute). Who and when stay even if the staff
 * account goes (their email is kept beside the id).
 */
export const scoreOverrides = pgTable(
  'score_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    part: text('part').$type<'score' | 'manual'>().notNull(),
    kind: text('kind').$type<'absolute' | 'adjust' | 'clear'>().notNull(),
    /** Null for `clear`. */
    value: doublePrecision('value'),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id').references(() => admins.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('score_overrides_attempt').on(t.attemptId, t.createdAt),
    check('score_overrides_part', sql`${t.part} in ('score', 'manual')`),
    check('score_overrides_kind', sql`${t.kind} in ('absolute', 'adjust', 'clear')`),
  ],
);
