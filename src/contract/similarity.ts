/**
 * The similarity report of a challenge (issue 17), admin only: pairs of students whose programs
 * share more than `threshold` percent of their fingerprints, most similar first, and one pair's
 * two programs with the regions they share, for the side-by-side view. Each student counts with
 * one program: their best submission, or their last when none is judged. The challenge's starter
 * code is left out of every program before they are compared.
 *
 * The server computes a report when it is first asked for and keeps it until a submission to the
 * challenge arrives or is judged again, so asking again (another threshold, a pair) is cheap.
 *
 * Whose programs are compared: the challenge's own takers (its own sitting), or, with `examCode`
 * (issue 31), the students of that exam who were given the challenge in one of its slots (a fixed
 * problem, or their draw from a pool), with what they submitted under the exam. Neither report
 * sees the other's submissions, nor another exam's. Both answer the same shape; an exam's report
 * also names its exam.
 *
 * A share alone is no evidence (issue 37): every pair also carries how much it shares beyond the
 * starter code, the challenge's reference solution and the common idioms (`shared`: tokens,
 * lines, its longest unbroken run). A pair sharing fewer tokens than the challenge's minimum is
 * `tooShort`: listed as "too short to compare" after every pair with real evidence. The side by
 * side view also shows the code many students share (`common`), which was not counted. The
 * minimum and the reference solution are the challenge's similarity settings
 * (`similaritySettingsRoute`, teachers: 'challenge.write').
 */
import { z } from 'zod';
import { challengeIdSchema, languages } from './challenges.ts';
import { examCodeSchema } from './exams.ts';
import { messages } from './messages.ts';

export const similarityRoute = '/api/admin/similarity/:challengeId';
export const similarityPairRoute = '/api/admin/similarity/:challengeId/pair';
/** PUT: the challenge's minimum and reference solution; answers {message}. */
export const similaritySettingsRoute = '/api/admin/similarity/:challengeId/settings';
export const similaritySettingsPath = (challengeId: string) =>
  `/api/admin/similarity/${encodeURIComponent(challengeId)}/settings`;

/** Pairs below this percentage are never reported: two independent solutions score 0-15 %. */
export const SIMILARITY_MIN_THRESHOLD = 20;
/** The default: copies with renamed variables or moved functions score 85-100 %. */
export const SIMILARITY_DEFAULT_THRESHOLD = 50;
/**
 * Tokens a pair must share, beyond the starter code, the reference solution and common idioms,
 * for its score to stand: chosen on the labelled set (tests/fixtures/similarity/README.md). Two
 * independent obvious answers of a small problem shared at most 40; every copy at least 154.
 */
export const SIMILARITY_DEFAULT_MINIMUM_TOKENS = 60;
export const SIMILARITY_MAX_MINIMUM_TOKENS = 1_000;
/** A reference solution's size limit, in characters (a submission's is 64 KiB). */
export const SIMILARITY_MAX_REFERENCE_LENGTH = 100_000;

/** At most this many pairs in one answer (the most similar); `totalPairs` counts them all. */
export const SIMILARITY_MAX_PAIRS = 200;

/** `examCode`: the report of the challenge as a problem of that exam. */
export function similarityPath(challengeId: string, threshold?: number, examCode?: string): string {
  const query = new URLSearchParams({
    ...(threshold === undefined ? {} : { threshold: String(threshold) }),
    ...(examCode === undefined ? {} : { examCode }),
  }).toString();
  return `/api/admin/similarity/${encodeURIComponent(challengeId)}${query ? `?${query}` : ''}`;
}

export const similarityPairPath = (challengeId: string, a: string, b: string, examCode?: string) =>
  `/api/admin/similarity/${encodeURIComponent(challengeId)}/pair?` +
  new URLSearchParams({ a, b, ...(examCode === undefined ? {} : { examCode }) }).toString();

export const similarityParamsSchema = z.object({ challengeId: challengeIdSchema });

/**
 * Both calls' optional `?examCode=`: the exam whose students are compared (404 examNotFound, or
 * examMessages.challengeNotInExam when no slot of the exam holds the challenge).
 */
const examScope = { examCode: examCodeSchema.optional() };

export const similarityQuerySchema = z.object({
  ...examScope,
  /** Percent, 20 to 100 (decimals allowed). */
  threshold: z.coerce
    .number({ error: messages.similarityInvalidThreshold })
    .min(SIMILARITY_MIN_THRESHOLD, { error: messages.similarityInvalidThreshold })
    .max(100, { error: messages.similarityInvalidThreshold })
    .default(SIMILARITY_DEFAULT_THRESHOLD),
});
export type SimilarityQuery = z.input<typeof similarityQuerySchema>;

export const similarityPairQuerySchema = z.object({
  ...examScope,
  a: z.uuid({ error: messages.invalidSubmissionId }),
  b: z.uuid({ error: messages.invalidSubmissionId }),
});

const languageSchema = z.enum(languages);

/** The challenge's similarity settings, as a teacher sets them. */
export const similaritySettingsSchema = z.object({
  /** Null: the default (SIMILARITY_DEFAULT_MINIMUM_TOKENS). */
  minimumTokens: z
    .number({ error: messages.similarityInvalidMinimum })
    .int({ error: messages.similarityInvalidMinimum })
    .min(1, { error: messages.similarityInvalidMinimum })
    .max(SIMILARITY_MAX_MINIMUM_TOKENS, { error: messages.similarityInvalidMinimum })
    .nullable(),
  /** In the challenge's language; '' for none. */
  referenceSolution: z
    .string({ error: messages.similarityInvalidReference })
    .max(SIMILARITY_MAX_REFERENCE_LENGTH, { error: messages.similarityInvalidReference }),
});
export type SimilaritySettings = z.infer<typeof similaritySettingsSchema>;
export const similaritySettingsResponseSchema = z.object({ message: z.string() });

/** How much a pair shares beyond the starter code, the reference solution and common idioms. */
export const similaritySharedSchema = z.object({
  tokens: z.number().int(),
  /** Lines holding shared tokens (on the side with fewer). */
  lines: z.number().int(),
  /** The longest unbroken shared run. */
  longestTokens: z.number().int(),
  longestLines: z.number().int(),
});
export type SimilarityShared = z.infer<typeof similaritySharedSchema>;

/** The submission that stands for one student in the report. */
export const similaritySubmissionSchema = z.object({
  submissionId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  language: languageSchema,
});
export type SimilaritySubmission = z.infer<typeof similaritySubmissionSchema>;

export const similarityPairSchema = z.object({
  a: similaritySubmissionSchema,
  b: similaritySubmissionSchema,
  /** Share of the smaller program's fingerprints found in the other one, as a percentage with one decimal. */
  percent: z.number(),
  shared: similaritySharedSchema,
  /** Shares fewer tokens than the minimum: no score stands for it (ranked after the others). */
  tooShort: z.boolean(),
});
export type SimilarityPair = z.infer<typeof similarityPairSchema>;

export const similarityChallengeSchema = z.object({
  challengeId: z.string(),
  challengeName: z.string(),
  language: languageSchema,
});

export const similarityReportSchema = z.object({
  challenge: similarityChallengeSchema,
  /** Present when the report is of the challenge as a problem of this exam (`?examCode=`). */
  exam: z.object({ examCode: z.string(), title: z.string() }).optional(),
  /** The threshold applied, in percent. */
  threshold: z.number(),
  /** Students whose program was compared. */
  compared: z.number().int(),
  /** Students left out because the report cannot read their language yet (JavaScript). */
  skipped: z.array(z.object({ language: languageSchema, count: z.number().int() })),
  /** The minimum of shared tokens applied (the challenge's, or the default). */
  minimumTokens: z.number().int(),
  /** The challenge's own settings (minimumTokens null: the default). */
  settings: similaritySettingsSchema,
  /**
   * Pairs at or above the threshold; at most SIMILARITY_MAX_PAIRS: those with evidence, most
   * similar first, then those too short to compare.
   */
  pairs: z.array(similarityPairSchema),
  totalPairs: z.number().int(),
  /** ISO time the report was computed (it is kept until the submissions change). */
  computedAt: z.string(),
});
export type SimilarityReport = z.infer<typeof similarityReportSchema>;

/** A region of a program, as UTF-16 offsets into its code: [from, to). */
export const similaritySpanSchema = z.object({ from: z.number().int(), to: z.number().int() });
export type SimilaritySpan = z.infer<typeof similaritySpanSchema>;

export const similarityPairSideSchema = similaritySubmissionSchema.extend({
  code: z.string(),
  /** The regions this program shares with the other one, in order, not overlapping. */
  spans: z.array(similaritySpanSchema),
  /**
   * Code both share that many students wrote (not counted), outside `spans`, with how many
   * compared students' programs hold it.
   */
  common: z.array(similaritySpanSchema.extend({ students: z.number().int() })),
});
export type SimilarityPairSide = z.infer<typeof similarityPairSideSchema>;

export const similarityPairResponseSchema = z.object({
  challenge: similarityChallengeSchema,
  percent: z.number(),
  shared: similaritySharedSchema,
  tooShort: z.boolean(),
  minimumTokens: z.number().int(),
  /** Students compared in the report (the "of 30" of "shared by 14 of 30 students"). */
  compared: z.number().int(),
  a: similarityPairSideSchema,
  b: similarityPairSideSchema,
  computedAt: z.string(),
});
export type SimilarityPairResponse = z.infer<typeof similarityPairResponseSchema>;
