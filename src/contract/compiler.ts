/**
 * The test's calls: the compiler token (POST /api/user/getToken) and the built-in compiler page's
 * /api/compiler/* calls (statement, run, submit, result). Hidden tests never appear here beyond
 * their count and per-verdict tallies.
 */
import { z } from 'zod';
import { studentGradeSchema } from './grading.ts';
import { statementImageSchema } from './challenge-images.ts';
import { challengeIdSchema, difficulties, languages } from './challenges.ts';
import { compareRuleSchema } from './compare-rule.ts';
import { GROUP_SCORINGS } from './test-groups.ts';
import { messages } from './messages.ts';
import { studentFeedbackSchema } from './submission-feedback.ts';
import { timerQuerySchema } from './sittings.ts';
import { VERDICTS } from './verdicts.ts';

export const MAX_CODE_BYTES = 64 * 1024;
export const MAX_STDIN_BYTES = 256 * 1024;
/** The header (or `appKey` query parameter) that carries the application key. */
export const APP_KEY_HEADER = 'x-app-key';

export const getTokenPath = '/api/user/getToken';
export const compilerChallengePath = '/api/compiler/challenge/:challengeId';
export const compilerRunPath = '/api/compiler/run';
export const compilerSubmitPath = '/api/compiler/submit';
export const compilerResultPath = '/api/compiler/result/:submissionId';

const verdictSchema = z.enum(VERDICTS);

/**
 * An exam's test code (contract/exams.ts) on a compiler call: the problem is opened as part of
 * that exam, under its timer, and only if it is the student's own problem of the exam. Absent: the
 * challenge on its own. A test code has a challenge id's form (3 to 64 letters, digits, - or _).
 */
const examCodeField = challengeIdSchema;

/** GET compilerChallengePath and compilerHistoryPath: `?examCode=` (the appKey may ride along). */
export const compilerExamQuerySchema = z.object({ examCode: examCodeField.optional() });
export type CompilerExamQuery = z.input<typeof compilerExamQuerySchema>;

/**
 * GET compilerTimerRoute (timer query and examCode) → sittings.ts sittingTimerSchema: the compiler
 * page follows its problem's timer live (a stop, a reopen, extra time) without a reload.
 */
export const compilerTimerRoute = '/api/compiler/timer/:challengeId';
export const compilerTimerPath = (challengeId: string) =>
  `/api/compiler/timer/${encodeURIComponent(challengeId)}`;
export const compilerTimerQuerySchema = compilerExamQuerySchema.extend(timerQuerySchema.shape);
export type CompilerTimerQuery = z.input<typeof compilerTimerQuerySchema>;

/** `challengeId` is an addition to the spec's {email, name}: with it the answer carries `url`. */
export const getTokenRequestSchema = z.object(
  {
    email: z.string({ error: messages.enterAllDetails }).trim().min(1, messages.enterAllDetails),
    name: z.string({ error: messages.enterAllDetails }).trim().min(1, messages.enterAllDetails),
    challengeId: challengeIdSchema.optional(),
    /**
     * The exam the challenge is opened in (contract/exams.ts): with challengeId, the page's
     * address carries it as `exam=<code>`, and the page passes it on to every compiler call.
     */
    examCode: examCodeField.optional(),
  },
  { error: messages.enterAllDetails },
);
export type GetTokenRequest = z.input<typeof getTokenRequestSchema>;

export const getTokenResponseSchema = z.object({
  token: z.string(),
  /** ISO time; the token dies with the student's session. */
  expiresAt: z.string(),
  /** The compiler page's address (COMPILER_URL_TEMPLATE filled in), when challengeId was given. */
  url: z.string().optional(),
});
export type GetTokenResponse = z.infer<typeof getTokenResponseSchema>;

export const sampleTestSchema = z.object({ input: z.string(), expectedOutput: z.string() });

/** The statement as the compiler page shows it. Times are ISO strings of the server's clock. */
export const compilerChallengeSchema = z.object({
  challengeId: z.string(),
  challengeName: z.string(),
  challengeDesc: z.string(),
  difficultyLev: z.enum(difficulties),
  language: z.enum(languages),
  /**
   * Every language the student may write in, the default (`language`) first (issue 14). Absent
   * from servers before it: then `language` only.
   */
  languages: z.array(z.enum(languages)).optional(),
  score: z.number(),
  timeDur: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  timeLimitMs: z.number(),
  memoryLimitMb: z.number(),
  starterCode: z.string(),
  samples: z.array(sampleTestSchema),
  hiddenTestCount: z.number().int(),
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  /** Submissions are still accepted this many seconds after the deadline. */
  graceSeconds: z.number().int(),
  bestScore: z.number().nullable(),
  submissionCount: z.number().int(),
  /** How outputs are compared (issue 14): an addition, so the student knows before submitting. */
  compare: compareRuleSchema.optional(),
  /**
   * An interactive problem (issue 35): the program talks to the judge's interactor while it runs,
   * so Run plays the samples' interactions and takes no custom input. Absent: not interactive.
   */
  interactive: z.boolean().optional(),
  /**
   * Exam integrity (issue 17): the attempt the page records signals for, and what it records.
   * Absent from servers before it: then nothing is recorded and nothing is blocked.
   */
  attemptId: z.string().optional(),
  captureTabChanges: z.boolean().optional(),
  disablePaste: z.boolean().optional(),
  /**
   * The statement's images (issue 31 item 4): `![...](name)` in `challengeDesc` shows the image of
   * that name, read by its hash from the statement image call. Absent from servers before it.
   */
  images: z.array(statementImageSchema).optional(),
  /**
   * False while the challenge's (or exam's) results are not released to students
   * (result-release.ts): `bestScore` is then null. Absent: released (servers before it).
   */
  released: z.boolean().optional(),
});
export type CompilerChallenge = z.infer<typeof compilerChallengeSchema>;

const codeSchema = z.string({ error: messages.enterAllDetails }).max(1_000_000);

export const runRequestSchema = z.object(
  {
    challengeId: challengeIdSchema,
    code: codeSchema,
    /** One of the challenge's languages (issue 14); absent: its default language. */
    language: z.enum(languages, { error: messages.invalidLanguage }).optional(),
    /** Absent: run on the sample tests. Present (even empty): run once on this input. */
    stdin: z.string().max(1_000_000).optional(),
    /** The exam the problem is opened in; absent: the challenge on its own. */
    examCode: examCodeField.optional(),
  },
  { error: messages.enterAllDetails },
);
export type RunRequest = z.input<typeof runRequestSchema>;

const measuresSchema = z.object({
  verdict: verdictSchema,
  timeMs: z.number(),
  /** Peak memory in bytes, or null where the sandbox cannot measure it. */
  memoryBytes: z.number().nullable(),
});

export const customRunSchema = measuresSchema.extend({
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().nullable(),
  compileOutput: z.string().optional(),
});

/** One sample test's outcome; `index` is its position among the samples. */
export const sampleOutcomeSchema = measuresSchema.extend({
  index: z.number().int(),
  input: z.string(),
  expectedOutput: z.string(),
  stdout: z.string(),
  stderr: z.string(),
});
export type SampleOutcome = z.infer<typeof sampleOutcomeSchema>;

export const runResponseSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('custom'), result: customRunSchema }),
  z.object({
    mode: z.literal('samples'),
    verdict: verdictSchema,
    samples: z.array(sampleOutcomeSchema),
    compileOutput: z.string().optional(),
    /** The rule the samples' outputs were compared by. */
    compare: compareRuleSchema.optional(),
  }),
]);
export type RunResponse = z.infer<typeof runResponseSchema>;

export const submitRequestSchema = z.object(
  {
    challengeId: challengeIdSchema,
    code: codeSchema,
    /** One of the challenge's languages (issue 14); absent: its default language. */
    language: z.enum(languages, { error: messages.invalidLanguage }).optional(),
    /** Made by the page, so a submission sent twice (offline queue, retry) is judged once. */
    submissionId: z.uuid({ error: messages.invalidSubmissionId }).optional(),
    /**
     * Only for a submission the page queued while offline: when it was made, on the server's clock
     * (the page's clock corrected by the offset it measured when the attempt began).
     */
    queuedAt: z.iso.datetime({ offset: true, error: messages.invalidQueuedAt }).optional(),
    /** The exam the problem is opened in; absent: the challenge on its own. */
    examCode: examCodeField.optional(),
  },
  { error: messages.enterAllDetails },
);
export type SubmitRequest = z.input<typeof submitRequestSchema>;

/** One test group's outcome (test-groups.ts), for challenges that have groups of their own. */
export const groupResultSchema = z.object({
  name: z.string(),
  scoring: z.enum(GROUP_SCORINGS),
  tests: z.number().int(),
  passed: z.number().int(),
  /** Not run after an earlier failure of the all-or-nothing group. */
  skipped: z.number().int(),
  points: z.number(),
  maxPoints: z.number(),
});
export type GroupResult = z.infer<typeof groupResultSchema>;

export const submissionResultSchema = z.object({
  submissionId: z.string(),
  challengeId: z.string(),
  language: z.enum(languages),
  verdict: verdictSchema,
  passed: z.number().int(),
  total: z.number().int(),
  score: z.number(),
  maxScore: z.number(),
  bestScore: z.number(),
  createdAt: z.string(),
  samples: z.array(sampleOutcomeSchema),
  hidden: z.object({
    total: z.number().int(),
    passed: z.number().int(),
    /** How many hidden tests got each verdict. */
    verdicts: z.partialRecord(verdictSchema, z.number().int()),
  }),
  compileOutput: z.string().optional(),
  /**
   * The rule the outputs were compared by when this submission was judged (issue 14); results
   * judged before compare modes existed were all compared exactly.
   */
  compare: compareRuleSchema.optional(),
  /** Per-group results, when the challenge has test groups of its own. */
  groups: z.array(groupResultSchema).optional(),
});
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

/** Where a submission is in the judge (issue 13): waiting, being judged, judged, given up on. */
export const SUBMISSION_STATUSES = ['queued', 'running', 'judged', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const stateBase = {
  submissionId: z.string(),
  challengeId: z.string(),
  /** When the server first received it (the deadline rules use this time). */
  createdAt: z.string(),
};

/**
 * What Submit and the result call answer: a submission is stored first and judged by the queue's
 * workers, so the page follows it from `queued` (with its place in the queue: 1 is next) through
 * `running` to `judged` (the full result) or `failed` (the judge gave up on it; a message says so).
 */
export const submissionStateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('queued'),
    ...stateBase,
    /** Submissions to be judged before this one, plus one. */
    position: z.number().int().positive(),
  }),
  z.object({ status: z.literal('running'), ...stateBase }),
  z.object({ status: z.literal('failed'), ...stateBase, message: z.string() }),
  submissionResultSchema.extend({ status: z.literal('judged') }),
  /**
   * Judged, but its results are not released yet (result-release.ts): the samples' outcomes
   * only, never its score, verdict or hidden tests. Final, like `judged`.
   */
  z.object({
    status: z.literal('withheld'),
    ...stateBase,
    samples: z.array(sampleOutcomeSchema),
    compileOutput: z.string().optional(),
  }),
]);
export type SubmissionState = z.infer<typeof submissionStateSchema>;
export type JudgedSubmission = Extract<SubmissionState, { status: 'judged' }>;

/** The longest a result call may wait for a change (long polling), in seconds. */
export const MAX_RESULT_WAIT_SECONDS = 25;

/**
 * `wait`: hold the answer up to this many seconds until the submission's status differs from
 * `since` (or it is final). Without `wait` the answer is immediate.
 */
export const resultQuerySchema = z.object({
  wait: z.coerce.number().int().min(0).max(MAX_RESULT_WAIT_SECONDS).optional(),
  since: z.enum(SUBMISSION_STATUSES).optional(),
});
export type ResultQuery = z.input<typeof resultQuerySchema>;

export const compilerHistoryPath = '/api/compiler/history/:challengeId';

/**
 * One of the student's own submissions to a challenge, for the compiler page's history (issue 12
 * item 6): its code (to load back into the editor), status, verdict and score, and the samples'
 * outcomes. Hidden tests appear only as counts, as everywhere a student looks.
 */
export const historyEntrySchema = z.object({
  submissionId: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: z.string(),
  language: z.enum(languages),
  code: z.string(),
  /** Null while it waits for the judge (or when the judge gave up on it). */
  verdict: verdictSchema.nullable(),
  score: z.number().nullable(),
  maxScore: z.number(),
  samples: z.array(sampleOutcomeSchema),
  hidden: z.object({ total: z.number().int(), passed: z.number().int() }),
  /**
   * False while results are not released (result-release.ts): verdict and score are then null
   * and hidden tests count none passed. Absent: released (servers before it).
   */
  released: z.boolean().optional(),
  /** Staff's feedback (submission-feedback.ts), once released; absent when there is none. */
  feedback: studentFeedbackSchema.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first; at most HISTORY_LIMIT. */
export const historyResponseSchema = z.object({
  submissions: z.array(historyEntrySchema),
  /**
   * The problem's grade once staff graded it by hand (issue 34 item 3): the automatic score, the
   * override and manual points, and the final score. Absent without a grade, and from older servers.
   */
  grade: studentGradeSchema.optional(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
export const HISTORY_LIMIT = 100;

export const submissionIdParamsSchema = z.object({
  submissionId: z.uuid({ error: messages.invalidSubmissionId }),
});
export const challengeIdParamsSchema = z.object({ challengeId: challengeIdSchema });

/** Fills the compiler page's address template (DESIGN.md §5). */
export function fillCompilerUrl(
  template: string,
  values: { challengeId: string; appKey: string; token: string },
): string {
  return template
    .replaceAll('{challengeId}', encodeURIComponent(values.challengeId))
    .replaceAll('{appKey}', encodeURIComponent(values.appKey))
    .replaceAll('{token}', encodeURIComponent(values.token));
}

/** The query parameter of the compiler page's address that names the exam (getToken's examCode). */
export const COMPILER_EXAM_PARAM = 'exam';

/**
 * The compiler page's address with `exam=<code>` added to its query, before any fragment (where
 * the built-in page's token travels), whatever template made it.
 */
export function withExamParam(url: string, examCode: string): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${COMPILER_EXAM_PARAM}=${encodeURIComponent(examCode)}${fragment}`;
}

/**
 * The built-in page. The token travels in the fragment (issue 15 item 4): a fragment is never sent
 * to a server nor written to its logs, and the page removes it from the address as it loads, so
 * the token does not stay in the browser's history. The application key, the same for every
 * student, stays in the query.
 */
export const DEFAULT_COMPILER_URL_TEMPLATE =
  '/compiler/{challengeId}?appKey={appKey}#token={token}';
