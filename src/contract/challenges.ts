/**
 * Challenges: the spec's ten fields (§3) plus what the judge needs (starter code, limits and test
 * cases). The same schemas validate the admin's forms and the server's routes.
 */
import { z } from 'zod';
import { courseMessages } from './courses.ts';
import { endsBeforeStart, timeOfDaySchema } from './challenge-times.ts';
import { checkerArgsSchema } from './checker-args.ts';
import { compareRuleSchema } from './compare-rule.ts';
import { messages } from './messages.ts';
import { SITTING_LIFECYCLES } from './sittings.ts';
import { testDataRefSchema } from './test-data.ts';
import { groupNameSchema, groupsProblem, testGroupSchema, type TestGroup } from './test-groups.ts';
import { kattisGradingSchema } from './kattis-grading.ts';
import { JUDGE_LANGUAGES } from './verdicts.ts';

export const difficulties = ['easy', 'medium', 'hard'] as const;
/** A challenge is set in one of the judge's languages: verdicts.ts is where one is added. */
export const languages = JUDGE_LANGUAGES;
export type Difficulty = (typeof difficulties)[number];
export type Language = (typeof languages)[number];

export const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
export const DEFAULT_TIME_LIMIT_MS = 2000;
export const DEFAULT_MEMORY_LIMIT_MB = 256;
/**
 * Standard output a program may write before Output Limit Exceeded, in MiB: Kattis's and
 * DOMjudge's default (a package's `limits.output`), and what a challenge without its own gets.
 */
export const DEFAULT_OUTPUT_LIMIT_MB = 8;
/** The most a challenge may set: every byte is held by the judge while the test runs. */
export const MAX_OUTPUT_LIMIT_MB = 64;
/**
 * The largest add/update challenge request: tests travel inside it (each input and output up to
 * 1 MB), so it is far above the other calls' 1 MB.
 */
export const CHALLENGE_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The largest checker program (the judge's own limit for any source is the same). */
export const CHECKER_SOURCE_MAX_BYTES = 256 * 1024;
export { CHECKER_ARGS_MAX, CHECKER_ARG_MAX_CHARS } from './checker-args.ts';

/** Filled in: missing, blank or not text all read as "Enter All Delatils" (spec §5). */
const filled = (max: number, tooLong: string) =>
  z
    .string({ error: messages.enterAllChallengeDetails })
    .trim()
    .min(1, { error: messages.enterAllChallengeDetails })
    .max(max, { error: tooLong });

const isoDate = z
  .string({ error: messages.enterAllChallengeDetails })
  .trim()
  .min(1, { error: messages.enterAllChallengeDetails })
  .pipe(z.iso.date({ error: messages.invalidDate }));

const positiveInt = (max: number, message: string) =>
  z
    .number({ error: messages.enterAllChallengeDetails })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });

/** One of a fixed list; left empty it reads as not filled in. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || (typeof issue.input === 'string' && issue.input.trim() === '')
        ? messages.enterAllChallengeDetails
        : invalid,
  });

export const challengeIdSchema = z
  .string({ error: messages.provideChallengeId })
  .trim()
  .min(1, { error: messages.provideChallengeId })
  .regex(CHALLENGE_ID_PATTERN, { error: messages.invalidChallengeId });

export const testCaseSchema = z
  .object({
    input: z.string().max(1_000_000, { error: messages.testCaseTooLarge }),
    expectedOutput: z.string().max(1_000_000, { error: messages.testCaseTooLarge }),
    /** Big test data (test-data.ts): the input is this stored file, and `input` is ''. */
    inputFile: testDataRefSchema.optional(),
    /** The expected output is this stored file, and `expectedOutput` is ''. */
    expectedOutputFile: testDataRefSchema.optional(),
    hidden: z.boolean(),
    /** 0 is allowed (samples worth nothing, as on Kattis); all 0 weighs the tests equally. */
    weight: z
      .number({ error: messages.enterAllChallengeDetails })
      .int({ error: messages.invalidWeight })
      .min(0, { error: messages.invalidWeight })
      .max(1000, { error: messages.invalidWeight }),
    /** A hidden test's group (test-groups.ts); samples are always the group `sample`. */
    group: groupNameSchema.optional(),
  })
  .superRefine((t, ctx) => {
    if ((t.inputFile && t.input !== '') || (t.expectedOutputFile && t.expectedOutput !== ''))
      ctx.addIssue({ code: 'custom', message: messages.testDataBoth });
    // Samples are shown to students on the test screen: they stay text.
    if (!t.hidden && (t.inputFile || t.expectedOutputFile))
      ctx.addIssue({ code: 'custom', message: messages.sampleFromFile });
  });
export type TestCase = z.infer<typeof testCaseSchema>;

/** The ten fields of the spec, each required. */
const tenFields = {
  challengeName: filled(200, messages.fieldTooLong),
  challengeDesc: filled(50_000, messages.fieldTooLong),
  difficultyLev: oneOf(difficulties, messages.invalidDifficulty),
  score: positiveInt(100_000, messages.invalidScore),
  startDate: isoDate,
  endDate: isoDate,
  timeDur: positiveInt(24 * 60 * 14, messages.invalidDuration),
  challengeId: filled(64, messages.invalidChallengeId).regex(CHALLENGE_ID_PATTERN, {
    error: messages.invalidChallengeId,
  }),
  language: oneOf(languages, messages.invalidLanguage),
  tags: filled(500, messages.fieldTooLong),
};

export const challengeInputSchema = z
  .object(
    {
      ...tenFields,
      /**
       * When on startDate it opens and on endDate it closes, "HH:MM" in the portal's time zone
       * (challenge-times.ts has the rule: open through the end of the endTime minute). Optional:
       * a new challenge without them gets 00:00 and 23:59 (the whole days, as before times
       * existed), an update without them keeps the stored ones.
       */
      startTime: timeOfDaySchema.optional(),
      endTime: timeOfDaySchema.optional(),
      starterCode: z.string().max(100_000, { error: messages.fieldTooLong }).default(''),
      timeLimitMs: z
        .number()
        .int({ error: messages.invalidTimeLimit })
        .min(100, { error: messages.invalidTimeLimit })
        .max(20_000, { error: messages.invalidTimeLimit })
        .default(DEFAULT_TIME_LIMIT_MS),
      memoryLimitMb: z
        .number()
        .int({ error: messages.invalidMemoryLimit })
        .min(32, { error: messages.invalidMemoryLimit })
        .max(2048, { error: messages.invalidMemoryLimit })
        .default(DEFAULT_MEMORY_LIMIT_MB),
      /**
       * Output limit in MiB (issue 35). Optional, and not on the spec's form: a new challenge
       * without it gets DEFAULT_OUTPUT_LIMIT_MB, an update without it keeps the stored one.
       */
      outputLimitMb: z
        .number()
        .int({ error: messages.invalidOutputLimit })
        .min(1, { error: messages.invalidOutputLimit })
        .max(MAX_OUTPUT_LIMIT_MB, { error: messages.invalidOutputLimit })
        .optional(),
      /**
       * An interactive problem (issue 35): the checker program is the interactor, run beside the
       * student's program with their standard input and output joined. Optional: a new challenge
       * without it is not interactive, an update without it keeps the stored flag.
       */
      interactive: z.boolean().optional(),
      testCases: z
        .array(testCaseSchema, { error: messages.addTestCase })
        .min(1, { error: messages.addTestCase })
        .max(200, { error: messages.tooManyTestCases }),
      /**
       * Other languages a student may solve it in (issue 14): `language` stays the default, the
       * compiler page lets the student pick among all of them. Repeats and the default itself are
       * dropped.
       */
      languages: z
        .array(oneOf(languages, messages.invalidLanguage), { error: messages.invalidLanguage })
        .max(languages.length, { error: messages.invalidLanguage })
        .default([]),
      /**
       * How outputs are compared (compare-rule.ts). Optional: a new challenge without it gets the
       * default validator, an update without it keeps the challenge's rule (the routes decide).
       */
      compare: compareRuleSchema.optional(),
      /** How the tests' groups score (test-groups.ts); a group not listed sums its tests. */
      testGroups: z
        .array(testGroupSchema, { error: messages.invalidGroupName })
        .max(100)
        .default([]),
      /**
       * A Kattis scoring problem's grading (kattis-grading.ts), set by a package import; null
       * scores by the test groups. Optional like `compare`: an update without it keeps it.
       */
      grading: kattisGradingSchema.nullable().optional(),
      /**
       * The checker program of the `checker` rule (compare-rule.ts), in the rule's language. Kept
       * out of the rule because the rule is shown to students. Optional like `compare`: an
       * update without either keeps both; a rule other than `checker` clears it.
       */
      checkerSource: z
        .string({ error: messages.checkerSourceMissing })
        .max(CHECKER_SOURCE_MAX_BYTES, { error: messages.checkerSourceTooLarge })
        .optional(),
      /**
       * The checker program's extra command-line arguments, after `input judge_answer
       * feedback_dir/` (issue 35): a package's validator_flags (Kattis) or special_compare_args
       * (DOMjudge). Optional like `interactive`: a new challenge without them has none, an update
       * without them keeps the stored ones; a rule other than `checker` clears them.
       */
      checkerArgs: checkerArgsSchema.optional(),
      /**
       * Exam integrity (issue 17): record tab changes, time away, pastes and reloads on the
       * compiler page (contract/signals.ts). Optional like `compare`: a new challenge without it
       * is off, an update without it keeps the stored setting.
       */
      captureTabChanges: z.boolean({ error: messages.invalidSetting }).optional(),
      /** Block pastes into the editor of text not copied from that editor. Optional as above. */
      disablePaste: z.boolean({ error: messages.invalidSetting }).optional(),
      /** The course it goes into when created (issue 33); ignored by updates. */
      courseId: z.uuid({ error: courseMessages.invalidCourseId }).optional(),
    },
    { error: messages.enterAllChallengeDetails },
  )
  .refine((c) => c.endDate >= c.startDate, { path: ['endDate'], error: messages.endBeforeStart })
  // Only with both times given; without one the server checks against the stored or default one.
  .refine(
    ({ startDate, endDate, startTime, endTime }) =>
      startTime === undefined ||
      endTime === undefined ||
      !endsBeforeStart({ startDate, endDate, startTime, endTime }),
    { path: ['endTime'], error: messages.endTimeBeforeStart },
  )
  .refine((c) => c.compare?.mode !== 'checker' || (c.checkerSource ?? '').trim() !== '', {
    path: ['checkerSource'],
    error: messages.checkerSourceMissing,
  })
  .superRefine((c, ctx) => {
    const problem = groupsProblem(c.testGroups, c.testCases);
    if (problem) ctx.addIssue({ code: 'custom', path: ['testGroups'], message: problem });
  })
  .transform((c) => ({
    ...c,
    // A sample's group is always `sample`: a name given to one is dropped.
    testCases: c.testCases.map(({ group, ...t }) => (t.hidden && group ? { ...t, group } : t)),
    languages: otherLanguages(c.language, c.languages),
    ...(c.compare && c.compare.mode !== 'checker'
      ? {
          checkerSource: '',
          checkerArgs: [],
          testGroups: c.testGroups.map(({ checkerArgs: _args, ...g }): TestGroup => g),
        }
      : {}),
  }));
export type ChallengeInput = z.input<typeof challengeInputSchema>;

/**
 * The languages besides `language`, each once, in the judge's order; names the judge does not
 * know (a stored list from another version) are dropped.
 */
export function otherLanguages(language: Language, others: readonly string[]): Language[] {
  return languages.filter((l) => l !== language && others.includes(l));
}

/** Every language a challenge accepts: its default first, then the others. */
export function acceptedLanguages(challenge: {
  language: Language;
  languages?: readonly string[] | undefined;
}): Language[] {
  return [challenge.language, ...otherLanguages(challenge.language, challenge.languages ?? [])];
}

/** A challenge as the server returns it. */
export const challengeSchema = z.object({
  challengeName: z.string(),
  challengeDesc: z.string(),
  difficultyLev: z.enum(difficulties),
  score: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** "HH:MM": opens at startTime on startDate, open through the endTime minute on endDate. */
  startTime: z.string(),
  endTime: z.string(),
  /**
   * The portal's time zone (TZ), in which the dates and times are read, so a form or a client
   * can show it beside them. Present in the server's answers; never read from a request.
   */
  timeZone: z.string().optional(),
  timeDur: z.number(),
  challengeId: z.string(),
  language: z.enum(languages),
  /** The other languages it accepts (possibly none). */
  languages: z.array(z.enum(languages)),
  tags: z.string(),
  starterCode: z.string(),
  timeLimitMs: z.number(),
  memoryLimitMb: z.number(),
  /** Output limit in MiB; always in the server's answers (absent only in older ones: the default). */
  outputLimitMb: z.number().optional(),
  testCases: z.array(testCaseSchema),
  testGroups: z.array(testGroupSchema),
  /** A Kattis scoring problem's grading (kattis-grading.ts); absent or null: by the groups. */
  grading: kattisGradingSchema.nullable().optional(),
  compare: compareRuleSchema,
  /** The checker program ('' unless the rule is `checker`). Only administrators ever read it. */
  checkerSource: z.string(),
  /** An interactive problem: the checker is the interactor (absent in older answers: false). */
  interactive: z.boolean().optional(),
  /** The checker program's extra arguments (absent in older answers: none). */
  checkerArgs: z.array(z.string()).optional(),
  /** Exam integrity settings (issue 17), both off unless the teacher turns them on. */
  captureTabChanges: z.boolean(),
  disablePaste: z.boolean(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeSummarySchema = challengeSchema
  .omit({
    testCases: true,
    starterCode: true,
    challengeDesc: true,
    compare: true,
    languages: true,
    checkerSource: true,
    checkerArgs: true,
    interactive: true,
    testGroups: true,
    grading: true,
    captureTabChanges: true,
    disablePaste: true,
    // Once for the whole list (getChallengesResponseSchema), not on every row.
    timeZone: true,
  })
  .extend({
    testCaseCount: z.number().int(),
    /** A student's own list only: their best score so far and when they first opened it. */
    bestScore: z.number().nullable().optional(),
    startedAt: z.string().optional(),
    /** The administrator's list only: the sitting's lifecycle and stop (contract/sittings.ts). */
    lifecycle: z.enum(SITTING_LIFECYCLES).optional(),
    stoppedAt: z.string().nullable().optional(),
    /** The staff's list only: the course it belongs to (its "Move to course…" dialog). */
    courseId: z.string().optional(),
  });
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

export const challengeIdRequestSchema = z.object(
  { challengeId: challengeIdSchema },
  { error: messages.provideChallengeId },
);

export const addChallengePath = '/api/admin/addChallenge';
export const getChallengePath = '/api/admin/getChallenge';
export const updateChallengePath = '/api/admin/updateChallenge';
export const deleteChallengePath = '/api/admin/deleteChallenge';
export const getChallengesPath = '/api/user/getChallenges';

export const addChallengeResponseSchema = z.object({ challengeCreated: challengeSchema });
export const updateChallengeResponseSchema = z.object({ challengeUpdated: challengeSchema });
export const deleteChallengeResponseSchema = z.object({ challengeDeleted: challengeSchema });
export const getChallengesResponseSchema = z.object({
  challenges: z.array(challengeSummarySchema),
  /** The portal's time zone (TZ), which the rows' dates and times are read in. */
  timeZone: z.string().optional(),
});
