/**
 * Exams (issue 31): several problems under one test code, one timer and one total. An exam is a
 * sitting (docs/design/exams-and-sittings.md) whose problems are existing challenges, placed in
 * ordered slots: a slot holds one challenge, or a pool of challenges of which each student is
 * given one, drawn once from the exam, the student and the slot and stored (the same on every
 * device, after a restart, and after the teacher edits the pool).
 *
 * Times: the window opens at (startDate, startTime) and closes at the end of the minute
 * (endDate, endTime), both read in the portal's time zone (TZ), exactly as a challenge's window
 * with times (23:59 closes at the next day's 00:00). A student's timer starts when they first
 * open the exam: deadline = min(start + durationMinutes, end of the window). Submissions keep the
 * challenge rules: the grace after the deadline, and the offline allowance for ones queued in time.
 *
 * Scores: a slot is worth `points`; a problem's score (best or last judged submission, per the
 * exam's `scoring`) out of the challenge's own `score` is scaled to them. The total is the sum.
 *
 * Every /api/admin/exams call is staff-only; /api/user/exams calls are the signed-in student's own
 * (session token) and never reveal hidden tests or another student's draw.
 */
import { z } from 'zod';
import { courseMessages } from './courses.ts';
import { CHALLENGE_ID_PATTERN, challengeIdSchema } from './challenges.ts';
import { messages } from './messages.ts';
import { sittingStateSchema } from './sittings.ts';
import { signalCountersSchema } from './signals.ts';
import { VERDICTS } from './verdicts.ts';
import { SORT_DIRECTIONS } from './results.ts';
import { resultsCourseSchema, sectionFilterSchema } from './results-sections.ts';

export const EXAM_MAX_SLOTS = 30;
export const EXAM_MAX_POOL = 50;
export const EXAM_MAX_POINTS = 100_000;
export const EXAM_SCORINGS = ['best', 'last'] as const;
export type ExamScoring = (typeof EXAM_SCORINGS)[number];

/** Exam-specific messages (the spec's stay in messages.ts, verbatim). */
export const examMessages = {
  enterAllExamDetails: 'Fill in the exam’s code, title, dates, times and duration.',
  invalidExamCode: 'A test code is 3 to 64 letters, digits, - or _.',
  examCodeTaken: 'This test code is already used by another exam or challenge.',
  invalidTime: 'Enter a time as HH:MM (24-hour clock).',
  examWindowBackwards: 'The exam must end after it starts.',
  invalidExamDuration: 'The duration is a whole number of minutes, 1 to 20160.',
  addSlot: 'Add at least one problem to the exam.',
  tooManySlots: `An exam has at most ${EXAM_MAX_SLOTS} problems.`,
  emptySlot: 'Every problem slot needs at least one challenge.',
  tooManyInPool: `A pool holds at most ${EXAM_MAX_POOL} challenges.`,
  repeatedChallenge: 'A challenge can appear only once in an exam.',
  invalidPoints: `Points are a whole number from 1 to ${EXAM_MAX_POINTS}.`,
  unknownChallenge: 'No challenge has the test code {challengeId}.',
  examNotFound: 'No exam has this test code.',
  examHasSubmissions:
    'Students have submitted in this exam: it cannot be deleted. Archive it instead.',
  examArchived: 'This exam is archived and can no longer be taken.',
  examNotOpenYet: 'This exam opens on {date}. Please come back then.',
  examClosed: 'This exam closed on {date}.',
  examFinished: 'You have finished this exam. Your submissions are kept.',
  problemNotInExam: 'This problem is not part of your exam.',
  /** The teacher asked for an exam's view of a challenge none of its slots holds. */
  challengeNotInExam: 'The challenge {challengeId} is not a problem of the exam {examCode}.',
  fieldTooLong: 'This field is too long.',
  /** A compiler call under an exam the student has not started from its screen. */
  openExamFirst: 'Start this exam from its own screen first.',
  /** Deleting a challenge that an exam uses (a slot, or a student's draw). */
  challengeInExam:
    'This challenge is part of the exam {examCode}: remove it from the exam before deleting it.',
} as const;

// ---------------------------------------------------------------- paths

/*
 * Methods (the server's exams domain, src/server/exams/):
 *   GET examsPath → examListResponseSchema
 *   POST examsPath (examInputSchema) → examResponseSchema
 *   GET examRoute → examResponseSchema
 *   PUT examRoute (examInputSchema; it may rename the exam) → examResponseSchema
 *   DELETE examRoute → examDeletedResponseSchema (409 examHasSubmissions once anyone submitted)
 *   POST examArchiveRoute (examArchiveRequestSchema) → examResponseSchema
 *   POST examLifecycleRoute (sittings.ts lifecycleRequestSchema) → sittingStateSchema
 *   GET examPreviewRoute → examPreviewSchema
 *   GET examResultsRoute (examResultsQuerySchema) → examResultsResponseSchema, ETag / 304
 *   GET examExportXlsxRoute, examExportCsvRoute (examResultsQuerySchema's filters and order)
 *   GET testCodeRoute → testCodeResponseSchema (404 messages.challengeNotFound)
 *   POST studentExamOpenRoute, POST studentExamFinishRoute → studentExamSchema
 * Under an exam the compiler page passes `examCode` (contract/compiler.ts): `?examCode=` on the
 * statement and history calls, a body field on Run and Submit; getToken's examCode puts
 * `exam=<code>` in the page's address.
 */

export const examsPath = '/api/admin/exams';
export const examRoute = '/api/admin/exams/:examCode';
export const examArchiveRoute = '/api/admin/exams/:examCode/archive';
export const examLifecycleRoute = '/api/admin/exams/:examCode/lifecycle';
export const examPreviewRoute = '/api/admin/exams/:examCode/preview';
export const examResultsRoute = '/api/admin/exams/:examCode/results';
export const examExportXlsxRoute = '/api/admin/exams/:examCode/export.xlsx';
export const examExportCsvRoute = '/api/admin/exams/:examCode/export.csv';
/** Step 2's lookup: what a typed test code names. */
export const testCodeRoute = '/api/user/testCode/:code';
export const studentExamOpenRoute = '/api/user/exams/:examCode/open';
export const studentExamFinishRoute = '/api/user/exams/:examCode/finish';
/** GET (sittings.ts timerQuerySchema) → sittingTimerSchema: the exam's timer followed live. */
export const studentExamTimerRoute = '/api/user/exams/:examCode/timer';

const enc = encodeURIComponent;
export const examPath = (code: string) => `${examsPath}/${enc(code)}`;
export const examArchivePath = (code: string) => `${examPath(code)}/archive`;
export const examLifecyclePath = (code: string) => `${examPath(code)}/lifecycle`;
export const examPreviewPath = (code: string) => `${examPath(code)}/preview`;
export const examResultsPath = (code: string) => `${examPath(code)}/results`;
export const examExportPath = (code: string, format: 'xlsx' | 'csv') =>
  `${examPath(code)}/export.${format}`;
export const testCodePath = (code: string) => `/api/user/testCode/${enc(code.trim())}`;
export const studentExamOpenPath = (code: string) => `/api/user/exams/${enc(code)}/open`;
export const studentExamFinishPath = (code: string) => `/api/user/exams/${enc(code)}/finish`;
export const studentExamTimerPath = (code: string) => `/api/user/exams/${enc(code)}/timer`;
/**
 * The teacher's drill-down into one student's submissions to one problem of an exam: the
 * challenge's own route (contract/results.ts studentSubmissionsRoute) with `?examCode=`
 * (examCodeQuerySchema).
 */
export const examStudentSubmissionsPath = (code: string, challengeId: string, userId: string) =>
  `/api/admin/results/${enc(challengeId)}/students/${enc(userId)}/submissions?examCode=${enc(code)}`;

/** The student's exam screen (web route). */
export const examScreenPath = (code: string) => `/exams/${enc(code)}`;

/** results-exam-<code>-<yyyy-mm-dd>.<format> (server's date). */
export const examExportFileName = (code: string, date: string, format: 'xlsx' | 'csv') =>
  `results-exam-${code}-${date}.${format}`;

// ---------------------------------------------------------------- shared pieces

/** Test codes are matched without regard to case or surrounding spaces. */
export const examCodeSchema = z
  .string({ error: examMessages.enterAllExamDetails })
  .trim()
  .min(1, { error: examMessages.enterAllExamDetails })
  .regex(CHALLENGE_ID_PATTERN, { error: examMessages.invalidExamCode });

export const examCodeParamsSchema = z.object({ examCode: examCodeSchema });
/** studentSubmissionsRoute's optional `?examCode=`: the submissions made under that exam. */
export const examCodeQuerySchema = z.object({ examCode: examCodeSchema.optional() });
export const testCodeParamsSchema = z.object({
  code: z.string().trim().min(1, { error: messages.provideChallengeId }).max(64),
});

/** "HH:MM", 24-hour clock. */
export const wallTimeSchema = z
  .string({ error: examMessages.invalidTime })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: examMessages.invalidTime });

const isoDate = z
  .string({ error: examMessages.enterAllExamDetails })
  .trim()
  .min(1, { error: examMessages.enterAllExamDetails })
  .pipe(z.iso.date({ error: messages.invalidDate }));

// ---------------------------------------------------------------- the teacher's exam

export const examSlotInputSchema = z.object({
  points: z
    .number({ error: examMessages.invalidPoints })
    .int({ error: examMessages.invalidPoints })
    .min(1, { error: examMessages.invalidPoints })
    .max(EXAM_MAX_POINTS, { error: examMessages.invalidPoints }),
  /** One challenge: a fixed problem; several: a pool, each student gets one. */
  challengeIds: z
    .array(challengeIdSchema, { error: examMessages.emptySlot })
    .min(1, { error: examMessages.emptySlot })
    .max(EXAM_MAX_POOL, { error: examMessages.tooManyInPool }),
});
export type ExamSlotInput = z.infer<typeof examSlotInputSchema>;

export const examInputSchema = z
  .object(
    {
      examCode: examCodeSchema,
      title: z
        .string({ error: examMessages.enterAllExamDetails })
        .trim()
        .min(1, { error: examMessages.enterAllExamDetails })
        .max(200, { error: examMessages.fieldTooLong }),
      /** Markdown (rendered and sanitised like a statement). */
      instructions: z.string().max(50_000, { error: examMessages.fieldTooLong }).default(''),
      startDate: isoDate,
      startTime: wallTimeSchema.default('00:00'),
      endDate: isoDate,
      endTime: wallTimeSchema.default('23:59'),
      durationMinutes: z
        .number({ error: examMessages.invalidExamDuration })
        .int({ error: examMessages.invalidExamDuration })
        .min(1, { error: examMessages.invalidExamDuration })
        .max(24 * 60 * 14, { error: examMessages.invalidExamDuration }),
      scoring: z.enum(EXAM_SCORINGS).default('best'),
      slots: z
        .array(examSlotInputSchema, { error: examMessages.addSlot })
        .min(1, { error: examMessages.addSlot })
        .max(EXAM_MAX_SLOTS, { error: examMessages.tooManySlots }),
      /** The course it goes into when created (issue 33); ignored by updates. */
      courseId: z.uuid({ error: courseMessages.invalidCourseId }).optional(),
    },
    { error: examMessages.enterAllExamDetails },
  )
  .superRefine((exam, ctx) => {
    if (`${exam.endDate}T${exam.endTime}` < `${exam.startDate}T${exam.startTime}`)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: examMessages.examWindowBackwards,
      });
    const seen = new Set<string>();
    for (const slot of exam.slots)
      for (const id of slot.challengeIds) {
        const key = id.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['slots'],
            message: examMessages.repeatedChallenge,
          });
        seen.add(key);
      }
  });
export type ExamInput = z.input<typeof examInputSchema>;
export type ExamInputParsed = z.output<typeof examInputSchema>;

export const examChallengeRefSchema = z.object({
  challengeId: z.string(),
  challengeName: z.string(),
  /** The challenge's own maximum, which a slot's points scale. */
  score: z.number(),
});
export type ExamChallengeRef = z.infer<typeof examChallengeRefSchema>;

export const examSlotSchema = z.object({
  /** 1, 2, … in the exam's order. */
  ordinal: z.number().int(),
  points: z.number().int(),
  challenges: z.array(examChallengeRefSchema),
});
export type ExamSlot = z.infer<typeof examSlotSchema>;

export const examSchema = z.object({
  examCode: z.string(),
  title: z.string(),
  instructions: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  durationMinutes: z.number().int(),
  scoring: z.enum(EXAM_SCORINGS),
  slots: z.array(examSlotSchema),
  totalPoints: z.number().int(),
  archived: z.boolean(),
  /** Draft (new exams: staff only) or published, and the stop (contract/sittings.ts). */
  ...sittingStateSchema.shape,
  /** The portal's time zone, in which the dates and times are read. */
  timeZone: z.string(),
  /** Students who opened it; with submissions it can only be archived. */
  studentsStarted: z.number().int(),
  hasSubmissions: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exam = z.infer<typeof examSchema>;

export const examSummarySchema = examSchema.omit({ instructions: true, slots: true }).extend({
  slotCount: z.number().int(),
  /** The course it belongs to (its "Move to course…" dialog); absent from older servers. */
  courseId: z.string().optional(),
});
export type ExamSummary = z.infer<typeof examSummarySchema>;

export const examListResponseSchema = z.object({ exams: z.array(examSummarySchema) });
export const examResponseSchema = z.object({ exam: examSchema });
export const examDeletedResponseSchema = z.object({ examDeleted: examSchema });
export const examArchiveRequestSchema = z.object({ archived: z.boolean() });

// ---------------------------------------------------------------- step 2's lookup

export const testCodeResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exam'), examCode: z.string() }),
  z.object({ kind: z.literal('challenge'), challengeId: z.string() }),
]);
export type TestCodeResponse = z.infer<typeof testCodeResponseSchema>;

// ---------------------------------------------------------------- the student's exam

export const EXAM_PROBLEM_STATES = ['not-opened', 'opened', 'submitted'] as const;
export type ExamProblemState = (typeof EXAM_PROBLEM_STATES)[number];

export const studentExamProblemSchema = z.object({
  ordinal: z.number().int(),
  points: z.number().int(),
  /** The challenge this student has in this slot (their draw, for a pool). */
  challengeId: z.string(),
  challengeName: z.string(),
  state: z.enum(EXAM_PROBLEM_STATES),
  submissionCount: z.number().int(),
  /** Scaled to `points`, by the exam's scoring; null until a submission is judged. */
  score: z.number().nullable(),
});
export type StudentExamProblem = z.infer<typeof studentExamProblemSchema>;

/** What the exam screen needs in one call; times are ISO strings of the server's clock. */
export const studentExamSchema = z.object({
  examCode: z.string(),
  title: z.string(),
  instructions: z.string(),
  scoring: z.enum(EXAM_SCORINGS),
  totalPoints: z.number().int(),
  timeZone: z.string(),
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  graceSeconds: z.number().int(),
  /** Set once the student pressed "Finish exam" (or staff ended the attempt). */
  finishedAt: z.string().nullable(),
  problems: z.array(studentExamProblemSchema),
  total: z.number().nullable(),
  /**
   * False while the exam's results are not released (result-release.ts): every score and the
   * total are then null. Absent: released.
   */
  released: z.boolean().optional(),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** "Preview as a student": the screen with every pool problem listed, nothing recorded. */
export const examPreviewSchema = studentExamSchema.omit({ problems: true }).extend({
  problems: z.array(studentExamProblemSchema.extend({ poolOf: z.number().int() })),
});
export type ExamPreview = z.infer<typeof examPreviewSchema>;

// ---------------------------------------------------------------- the results matrix

export const EXAM_RESULTS_SORT_COLUMNS = [
  'name',
  'email',
  'total',
  'timeUsed',
  'startedAt',
  'status',
] as const;
export type ExamResultsSortColumn = (typeof EXAM_RESULTS_SORT_COLUMNS)[number];
export const EXAM_ATTEMPT_STATUSES = ['not-started', 'working', 'finished'] as const;
export type ExamAttemptStatus = (typeof EXAM_ATTEMPT_STATUSES)[number];

export const examResultsQuerySchema = z.object({
  sort: z.enum(EXAM_RESULTS_SORT_COLUMNS).default('name'),
  dir: z.enum(SORT_DIRECTIONS).default('asc'),
  q: z.string().trim().max(200).optional(),
  status: z.enum(['all', ...EXAM_ATTEMPT_STATUSES]).default('all'),
  year: z.string().trim().max(100).optional(),
  branch: z.string().trim().max(100).optional(),
  college: z.string().trim().max(100).optional(),
  /** Issue 33: only the students of this section of the exam's course (results-sections.ts). */
  sectionId: sectionFilterSchema,
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ExamResultsQuery = z.input<typeof examResultsQuerySchema>;

export const examResultsCellSchema = z.object({
  ordinal: z.number().int(),
  /** The drawn problem; null when the student has not started. */
  challengeId: z.string().nullable(),
  /**
   * Scaled to the slot's points; null until judged. With a grade (issue 34 item 3): the final
   * score, the override applied and the manual points added.
   */
  score: z.number().nullable(),
  /** The judge's score alone, scaled the same way (absent from older servers' answers). */
  automaticScore: z.number().nullable().optional(),
  /** Staff overrode the score or gave manual points. */
  graded: z.boolean().optional(),
  verdict: z.enum(VERDICTS).nullable(),
  submissions: z.number().int(),
  /** The submission that counts (best or last), for the drill-down. */
  submissionId: z.string().nullable(),
});
export type ExamResultsCell = z.infer<typeof examResultsCellSchema>;

export const examResultsRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  year: z.string().nullable(),
  branch: z.string().nullable(),
  college: z.string().nullable(),
  status: z.enum(EXAM_ATTEMPT_STATUSES),
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  finishedAt: z.string().nullable(),
  timeUsedSeconds: z.number().int().nullable(),
  total: z.number().nullable(),
  cells: z.array(examResultsCellSchema),
  /** Integrity counters summed over the exam's problems; null when none records them. */
  signals: signalCountersSchema.nullable(),
  /** Issue 33: the student's Student ID and Section in the exam's course; null if unknown. */
  studentNumber: z.string().nullable(),
  section: z.string().nullable(),
});
export type ExamResultsRow = z.infer<typeof examResultsRowSchema>;

export const examResultsResponseSchema = z.object({
  exam: examSchema,
  /** Its course's sections and whether it has Student IDs (issue 33, results-sections.ts). */
  course: resultsCourseSchema.optional(),
  rows: z.array(examResultsRowSchema),
  nextCursor: z.string().nullable(),
  /** Students matching the filters (all pages). */
  matching: z.number().int(),
  generatedAt: z.string(),
});
export type ExamResultsResponse = z.infer<typeof examResultsResponseSchema>;
