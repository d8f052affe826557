/**
 * The similarity report of a challenge (issue 17), admin only: pairs of students whose programs
 * share more than `threshold` percent of their fingerprints, most similar first, and one pair's
 * two programs with the regions they share, for the side-by-side view. Each student counts with
 * one program: their best submission, or their last when none is judged. The challenge's starter
 * code is left out of every program before they are compared.
 *
 * The server computes a report when it is first asked for and keeps it until a submission to the
 * challenge arrives or is judged again, so asking again (another threshold, a pair) is cheap.
 */
import { z } from 'zod';
import { challengeIdSchema, languages } from './challenges.ts';
import { messages } from './messages.ts';

export const similarityRoute = '/api/admin/similarity/:challengeId';
export const similarityPairRoute = '/api/admin/similarity/:challengeId/pair';

/** Pairs below this percentage are never reported: two independent solutions score 0-15 %. */
export const SIMILARITY_MIN_THRESHOLD = 20;
/** The default: copies with renamed variables or moved functions score 85-100 %. */
export const SIMILARITY_DEFAULT_THRESHOLD = 50;
/** At most this many pairs in one answer (the most similar); `totalPairs` counts them all. */
export const SIMILARITY_MAX_PAIRS = 200;

export const similarityPath = (challengeId: string, threshold?: number) =>
  `/api/admin/similarity/${encodeURIComponent(challengeId)}` +
  (threshold === undefined ? '' : `?threshold=${threshold}`);

export const similarityPairPath = (challengeId: string, a: string, b: string) =>
  `/api/admin/similarity/${encodeURIComponent(challengeId)}/pair?` +
  new URLSearchParams({ a, b }).toString();

export const similarityParamsSchema = z.object({ challengeId: challengeIdSchema });

export const similarityQuerySchema = z.object({
  /** Percent, 20 to 100 (decimals allowed). */
  threshold: z.coerce
    .number({ error: messages.similarityInvalidThreshold })
    .min(SIMILARITY_MIN_THRESHOLD, { error: messages.similarityInvalidThreshold })
    .max(100, { error: messages.similarityInvalidThreshold })
    .default(SIMILARITY_DEFAULT_THRESHOLD),
});
export type SimilarityQuery = z.input<typeof similarityQuerySchema>;

export const similarityPairQuerySchema = z.object({
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
