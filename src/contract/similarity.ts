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
 */
import { z } from 'zod';
import { challengeIdSchema, languages } from './challenges.ts';
import { examCodeSchema } from './exams.ts';
import { messages } from './messages.ts';

export const similarityRoute = '/api/admin/similarity/:challengeId';
export const similarityPairRoute = '/api/admin/similarity/:challengeId/pair';

/** Pairs below this percentage are never reported: two independent solutions score 0-15 %. */
export const SIMILARITY_MIN_THRESHOLD = 20;
/** The default: copies with renamed variables or moved functions score 85-100 %. */
export const SIMILARITY_DEFAULT_THRESHOLD = 50;
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
  /** Pairs at or above the threshold; at most SIMILARITY_MAX_PAIRS, most similar first. */
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
});
export type SimilarityPairSide = z.infer<typeof similarityPairSideSchema>;

export const similarityPairResponseSchema = z.object({
  challenge: similarityChallengeSchema,
  percent: z.number(),
  a: similarityPairSideSchema,
  b: similarityPairSideSchema,
  computedAt: z.string(),
});
export type SimilarityPairResponse = z.infer<typeof similarityPairResponseSchema>;
