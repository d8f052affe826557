/**
 * The teacher's results (issue 12): per-challenge results table, a student's submissions, the
 * exports, and the students list. Every call is admin-only (Bearer admin token). Tables are paged
 * with an opaque keyset cursor: pass `nextCursor` back with the same sort and filters to get the
 * next page; a cursor made for another sort answers 400.
 *
 * Live updates: the results call answers a weak `ETag`; send it back as `If-None-Match` and an
 * unchanged table answers `304` with no body, so polling every few seconds costs one query and
 * no transfer. `generatedAt` is not part of the ETag (it would change every time): after a 304
 * the table is still current as of the time of that 304.
 */
import { z } from 'zod';
import { scoreOverrideSchema } from './grading.ts';
import { courseMessages } from './courses.ts';
import { SUBMISSION_STATUSES } from './compiler.ts';
import { challengeIdSchema, languages } from './challenges.ts';
import { compareRuleSchema } from './compare-rule.ts';
import { messages } from './messages.ts';
import { resultsCourseSchema, sectionFilterSchema } from './results-sections.ts';
import { signalCountersSchema } from './signals.ts';
import { VERDICTS } from './verdicts.ts';

/** Rows per page unless `limit` says otherwise (1..RESULTS_MAX_PAGE). */
export const RESULTS_PAGE_SIZE = 50;
export const RESULTS_MAX_PAGE = 200;

// ---------------------------------------------------------------- paths

export const resultsRoute = '/api/admin/results/:challengeId';
export const studentSubmissionsRoute =
  '/api/admin/results/:challengeId/students/:userId/submissions';
export const resultsExportXlsxRoute = '/api/admin/results/:challengeId/export.xlsx';
export const resultsExportCsvRoute = '/api/admin/results/:challengeId/export.csv';
export const studentsPath = '/api/admin/students';
export const studentFilterOptionsPath = '/api/admin/students/filter-options';

export const resultsPath = (challengeId: string) =>
  `/api/admin/results/${encodeURIComponent(challengeId)}`;
export const studentSubmissionsPath = (challengeId: string, userId: string) =>
  `${resultsPath(challengeId)}/students/${encodeURIComponent(userId)}/submissions`;
export const resultsExportPath = (challengeId: string, format: 'xlsx' | 'csv') =>
  `${resultsPath(challengeId)}/export.${format}`;

/**
 * The download's file name: results-<challengeId>-<yyyy-mm-dd>.<format> (server's date); the
 * roster export says so in its name (results-<challengeId>-roster-<date>), so a teacher holding
 * both files can tell the gradebook from a filtered view.
 */
export const resultsExportFileName = (
  challengeId: string,
  date: string,
  format: 'xlsx' | 'csv',
  scope: ResultsExportScope = 'view',
) => `results-${challengeId}${scope === 'roster' ? '-roster' : ''}-${date}.${format}`;

/**
 * A query object as URL search parameters, leaving out empty values, so the web app can build
 * `resultsPath(id) + '?' + toSearchParams(query)` for the table and for the export links alike.
 */
export function toSearchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      params.set(key, String(value));
    }
  }
  return params.toString();
}

// ---------------------------------------------------------------- shared query parts

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const filterText = z
  .string()
  .trim()
  .max(200, { error: messages.filterTooLong })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const directionSchema = z.enum(SORT_DIRECTIONS, { error: messages.invalidSortDirection });

const limitSchema = z.coerce
  .number({ error: messages.invalidPageLimit })
  .int({ error: messages.invalidPageLimit })
  .min(1, { error: messages.invalidPageLimit })
  .max(RESULTS_MAX_PAGE, { error: messages.invalidPageLimit })
  .default(RESULTS_PAGE_SIZE);

const cursorSchema = z
  .string()
  .max(1000, { error: messages.invalidPageCursor })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Filters both tables share: text search on name or e-mail, and exact year, branch, college. */
const studentFilters = {
  q: filterText,
  year: filterText,
  branch: filterText,
  college: filterText,
};

// ---------------------------------------------------------------- results table

/**
 * Columns the results table sorts by. Nulls (not judged yet, not started) always come last,
 * whatever the direction; ties are broken by the student's id in the same direction.
 * Text columns sort case-insensitively by code point, the same on PGlite and PostgreSQL.
 */
export const RESULTS_SORT_COLUMNS = [
  'name',
  'email',
  'year',
  'branch',
  'college',
  'startedAt',
  'deadline',
  'timeUsed',
  'submissions',
  'bestScore',
  'bestVerdict',
  'lastSubmissionAt',
] as const;
export type ResultsSortColumn = (typeof RESULTS_SORT_COLUMNS)[number];

/** started: opened the challenge; not-started: students (roster or signed up) who did not. */
export const RESULTS_STATUSES = ['all', 'started', 'not-started'] as const;
export type ResultsStatus = (typeof RESULTS_STATUSES)[number];

export const resultsParamsSchema = z.object({ challengeId: challengeIdSchema });

/** Filters and sort of the results table; the exports take the same (without cursor/limit). */
export const resultsFilterQuerySchema = z.object({
  ...studentFilters,
  status: z.enum(RESULTS_STATUSES, { error: messages.invalidResultsStatus }).default('started'),
  /** Issue 33: only the students of this section of the challenge's course (results-sections). */
  sectionId: sectionFilterSchema,
  sort: z.enum(RESULTS_SORT_COLUMNS, { error: messages.invalidSortColumn }).default('name'),
  dir: directionSchema.default('asc'),
});
export type ResultsFilterQuery = z.input<typeof resultsFilterQuerySchema>;

/**
 * What an export holds. `view` (the default, as before): the rows of the table with its filters
 * and sort. `roster`: every student (roster entries and sign-ups), started or not, whatever the
 * filters, in the table's sort: the gradebook, where a student who never opened the challenge
 * must still have a row (empty results) rather than silently go missing, as the default
 * "Started" filter made them.
 */
export const RESULTS_EXPORT_SCOPES = ['view', 'roster'] as const;
export type ResultsExportScope = (typeof RESULTS_EXPORT_SCOPES)[number];

export const resultsExportQuerySchema = resultsFilterQuerySchema.extend({
  scope: z.enum(RESULTS_EXPORT_SCOPES, { error: messages.invalidExportScope }).default('view'),
});
export type ResultsExportQuery = z.input<typeof resultsExportQuerySchema>;

export const resultsQuerySchema = resultsFilterQuerySchema.extend({
  cursor: cursorSchema,
  limit: limitSchema,
});
export type ResultsQuery = Omit<z.input<typeof resultsQuerySchema>, 'limit'> & { limit?: number };
export type ResultsQueryParsed = z.output<typeof resultsQuerySchema>;

const verdictSchema = z.enum(VERDICTS);

export const resultsRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  year: z.string().nullable(),
  branch: z.string().nullable(),
  college: z.string().nullable(),
  /** False for a not-started row: every attempt field below is then null or 0. */
  started: z.boolean(),
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  /** Whole seconds from start to the last submission, capped at the deadline; null if none. */
  timeUsedSeconds: z.number().int().nullable(),
  /** Submissions received (any status). */
  submissions: z.number().int(),
  /** Of those, still queued or being judged. */
  pending: z.number().int(),
  /** Best judged score; null until a submission is judged. */
  bestScore: z.number().nullable(),
  /** bestScore as % of the challenge's score, one decimal. */
  bestPercent: z.number().nullable(),
  bestVerdict: verdictSchema.nullable(),
  bestSubmissionId: z.string().nullable(),
  lastSubmissionAt: z.string().nullable(),
  /** Integrity counters: filled in by a later issue, absent until then. */
  integrity: z.record(z.string(), z.number()).optional(),
  /**
   * Exam signals (issue 17, contract/signals.ts): present on started rows of a challenge that
   * records them (captureTabChanges or disablePaste on), absent otherwise.
   */
  signals: signalCountersSchema.optional(),
  /** Issue 33: the student's Student ID and Section in the challenge's course; null if unknown. */
  studentNumber: z.string().nullable(),
  section: z.string().nullable(),
  /**
   * Issue 34 item 3 (contract/grading.ts): the staff's score override and manual points, null
   * when none, and the final score (override applied, manual points added) the gradebook gets.
   * Absent in answers of older servers.
   */
  override: scoreOverrideSchema.nullable().optional(),
  manualPoints: z.number().nullable().optional(),
  finalScore: z.number().nullable().optional(),
});
export type ResultsRow = z.infer<typeof resultsRowSchema>;

export const resultsSummarySchema = z.object({
  /** Students who opened the challenge. */
  started: z.number().int(),
  /** Students with at least one submission. */
  submitted: z.number().int(),
  /** Students whose best score is the challenge's full score. */
  fullScore: z.number().int(),
  /** Mean and median of the best scores of students with a judged submission; null if none. */
  average: z.number().nullable(),
  median: z.number().nullable(),
  /** Students (roster or signed up) who have not opened it. */
  notStarted: z.number().int(),
  /** Submissions to this challenge still queued or being judged. */
  pending: z.number().int(),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;

export const resultsChallengeSchema = z.object({
  challengeId: z.string(),
  challengeName: z.string(),
  score: z.number(),
  language: z.enum(languages),
  startDate: z.string(),
  endDate: z.string(),
  timeDur: z.number(),
  /**
   * The challenge records exam signals (issue 17: captureTabChanges or disablePaste), so its rows
   * carry their counters and the exports their columns. Absent in answers of older servers.
   */
  recordsSignals: z.boolean().optional(),
  /** The course it belongs to (issue 33). Absent in answers of older servers. */
  courseId: z.string().optional(),
  /** Points staff grade by hand on top of `score` (issue 34 item 3); 0 or absent: none. */
  manualPointsMax: z.number().optional(),
});
export type ResultsChallenge = z.infer<typeof resultsChallengeSchema>;

export const resultsResponseSchema = z.object({
  challenge: resultsChallengeSchema,
  /** Its course's sections and whether it has Student IDs (issue 33, results-sections.ts). */
  course: resultsCourseSchema.optional(),
  summary: resultsSummarySchema,
  /** Rows matching the filters (all pages). */
  total: z.number().int(),
  rows: z.array(resultsRowSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** ISO time the answer was computed (not part of the ETag). */
  generatedAt: z.string(),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

// ---------------------------------------------------------------- a student's submissions

export const studentSubmissionsParamsSchema = z.object({
  challengeId: challengeIdSchema,
  userId: z.uuid({ error: messages.invalidStudentId }),
});

export const studentIdentitySchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  year: z.string().nullable(),
  branch: z.string().nullable(),
  college: z.string().nullable(),
  claimed: z.boolean(),
});
export type StudentIdentity = z.infer<typeof studentIdentitySchema>;

/** Test inputs and outputs in these answers are cut at this many characters. */
export const RESULTS_TEXT_CAP = 64 * 1024;

/** One of the challenge's tests as it is now (teacher only: hidden ones included). */
export const resultsTestCaseSchema = z.object({
  /** 0-based, in the challenge's order; matches `index` of the submission's test rows. */
  index: z.number().int(),
  /** "Sample 1", "Hidden 3": numbered within its kind. */
  name: z.string(),
  hidden: z.boolean(),
  weight: z.number(),
  input: z.string(),
  expectedOutput: z.string(),
  /** True when input or expectedOutput was cut at RESULTS_TEXT_CAP. */
  truncated: z.boolean(),
});
export type ResultsTestCase = z.infer<typeof resultsTestCaseSchema>;

/** One test's outcome in one submission. */
export const submissionTestRowSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  hidden: z.boolean(),
  weight: z.number(),
  verdict: verdictSchema,
  timeMs: z.number(),
  wallMs: z.number(),
  memoryBytes: z.number().nullable(),
  /** Its test group, when the result was judged with groups. */
  group: z.string().optional(),
  /** Share of the test's weight earned, when a checker program gave partial credit. */
  fraction: z.number().optional(),
  /** The checker program's judgemessage.txt for this test (teachers only). */
  judgeMessage: z.string().optional(),
  /** The test's input and expected output (from the challenge's current tests; '' if gone). */
  input: z.string(),
  expectedOutput: z.string(),
  /** The program's output: stored for samples only (hidden tests keep just the verdict). */
  stdout: z.string().optional(),
  stderr: z.string().optional(),
});
export type SubmissionTestRow = z.infer<typeof submissionTestRowSchema>;

/** The judge queue's statuses (one list, in the compiler contract). */
export const SUBMISSION_STATUS_VALUES = SUBMISSION_STATUSES;

export const teacherSubmissionSchema = z.object({
  submissionId: z.string(),
  /** 1 for the student's first submission to this challenge, counting up. */
  number: z.number().int(),
  /** When the server received it (the deadline rules use this time). */
  createdAt: z.string(),
  judgedAt: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUS_VALUES),
  /** Null until judged. */
  verdict: verdictSchema.nullable(),
  score: z.number(),
  maxScore: z.number(),
  passed: z.number().int(),
  total: z.number().int(),
  /** This is the submission the student's best score comes from. */
  isBest: z.boolean(),
  language: z.enum(languages),
  code: z.string(),
  compileOutput: z.string().optional(),
  /** The rule its outputs were compared by (issue 14); absent until it is judged. */
  compare: compareRuleSchema.optional(),
  tests: z.array(submissionTestRowSchema),
});
export type TeacherSubmission = z.infer<typeof teacherSubmissionSchema>;

export const studentSubmissionsResponseSchema = z.object({
  challenge: resultsChallengeSchema,
  student: studentIdentitySchema,
  /** The student's attempt; null if they never opened the challenge. */
  attempt: z
    .object({
      startedAt: z.string(),
      deadline: z.string(),
      bestScore: z.number().nullable(),
      submissionCount: z.number().int(),
      lastSubmissionAt: z.string().nullable(),
    })
    .nullable(),
  /** The challenge's tests now, hidden included, each once. */
  testCases: z.array(resultsTestCaseSchema),
  /** Newest first, every status. */
  submissions: z.array(teacherSubmissionSchema),
});
export type StudentSubmissionsResponse = z.infer<typeof studentSubmissionsResponseSchema>;

// ---------------------------------------------------------------- students list

export const STUDENTS_SORT_COLUMNS = [
  'name',
  'email',
  'year',
  'branch',
  'college',
  'claimed',
  'challengesTaken',
  'createdAt',
] as const;
export type StudentsSortColumn = (typeof STUDENTS_SORT_COLUMNS)[number];

export const CLAIMED_FILTERS = ['all', 'claimed', 'unclaimed'] as const;

export const studentsQuerySchema = z.object({
  ...studentFilters,
  claimed: z.enum(CLAIMED_FILTERS, { error: messages.invalidClaimedFilter }).default('all'),
  /** Issue 33: only the students enrolled in this course (and this section of it). */
  courseId: z.uuid({ error: courseMessages.invalidCourseId }).optional(),
  sectionId: z.uuid({ error: courseMessages.invalidSection }).optional(),
  sort: z.enum(STUDENTS_SORT_COLUMNS, { error: messages.invalidSortColumn }).default('name'),
  dir: directionSchema.default('asc'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type StudentsQuery = Omit<z.input<typeof studentsQuerySchema>, 'limit'> & {
  limit?: number;
};
export type StudentsQueryParsed = z.output<typeof studentsQuerySchema>;

export const studentsRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  year: z.string().nullable(),
  branch: z.string().nullable(),
  college: z.string().nullable(),
  /** Has a password: signed up, or claimed the roster entry. */
  claimed: z.boolean(),
  /** Challenges the student has opened. */
  challengesTaken: z.number().int(),
  createdAt: z.string(),
  /** With a course filter (issue 33): their student number and section in that course. */
  studentNumber: z.string().nullable(),
  section: z.string().nullable(),
});
export type StudentsRow = z.infer<typeof studentsRowSchema>;

export const studentsResponseSchema = z.object({
  total: z.number().int(),
  rows: z.array(studentsRowSchema),
  nextCursor: z.string().nullable(),
  generatedAt: z.string(),
});
export type StudentsResponse = z.infer<typeof studentsResponseSchema>;

/** Distinct values for the year, branch and college filters (both tables), sorted. */
export const studentFilterOptionsResponseSchema = z.object({
  years: z.array(z.string()),
  branches: z.array(z.string()),
  colleges: z.array(z.string()),
});
export type StudentFilterOptions = z.infer<typeof studentFilterOptionsResponseSchema>;
