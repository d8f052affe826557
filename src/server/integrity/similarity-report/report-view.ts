/**
 * A kept similarity report (computed at the lowest threshold, SIMILARITY_MIN_THRESHOLD) turned
 * into the answers of the two calls: the pairs at the threshold asked for, with the students'
 * names, and one pair with its two programs' shared regions. Keeping the lowest threshold's pairs
 * lets a teacher move the threshold without a new computation. The pairs keep the worker's order:
 * those with evidence, most similar first, then those too short to compare (issue 37).
 */
import {
  SIMILARITY_MAX_PAIRS,
  type SimilarityPairResponse,
  type SimilarityReport,
  type SimilaritySubmission,
} from '../../../contract/similarity.ts';
import type { ComputedPair, ComputedReport } from './report-assembly.ts';
import type { SimilarityChallenge } from './report-queries.ts';

export type KeptReport = ComputedReport & {
  /** The minimum of shared tokens the report was computed with. */
  minimumTokens: number;
  /** Who each compared submission belongs to, by submission id. */
  submissions: Map<string, SimilaritySubmission>;
  computedAt: string;
};

/** A share (0 to 1) as a percentage with one decimal. */
export const percentOf = (similarity: number): number => Math.round(similarity * 1000) / 10;

const challengeOf = ({ challengeId, challengeName, language }: SimilarityChallenge) => ({
  challengeId,
  challengeName,
  language,
});

export function reportAnswer(
  challenge: SimilarityChallenge,
  kept: KeptReport,
  thresholdPercent: number,
  /** The exam whose students were compared, for an exam's report. */
  exam?: SimilarityReport['exam'],
): SimilarityReport {
  // Compared on the rounded figure the teacher sees, so "from 90 %" never hides a 90.0 % pair.
  const above = kept.pairs.filter((pair) => percentOf(pair.similarity) >= thresholdPercent);
  return {
    challenge: challengeOf(challenge),
    ...(exam ? { exam } : {}),
    threshold: thresholdPercent,
    minimumTokens: kept.minimumTokens,
    settings: {
      minimumTokens: challenge.minimumTokens,
      referenceSolution: challenge.referenceSolution,
    },
    compared: kept.compared.length,
    skipped: kept.skipped,
    pairs: above.slice(0, SIMILARITY_MAX_PAIRS).flatMap((pair) => {
      const a = kept.submissions.get(pair.a);
      const b = kept.submissions.get(pair.b);
      return a && b
        ? [
            {
              a,
              b,
              percent: percentOf(pair.similarity),
              shared: pair.shared,
              tooShort: pair.tooShort,
            },
          ]
        : [];
    }),
    totalPairs: above.length,
    computedAt: kept.computedAt,
  };
}

/** The pair of these two submissions, in the order asked for; undefined if not reported. */
export function findPair(
  kept: KeptReport,
  a: string,
  b: string,
):
  | {
      pair: ComputedPair;
      spansA: ComputedPair['spansA'];
      spansB: ComputedPair['spansB'];
      commonA: ComputedPair['commonA'];
      commonB: ComputedPair['commonB'];
    }
  | undefined {
  for (const pair of kept.pairs) {
    if (pair.a === a && pair.b === b)
      return {
        pair,
        spansA: pair.spansA,
        spansB: pair.spansB,
        commonA: pair.commonA,
        commonB: pair.commonB,
      };
    if (pair.a === b && pair.b === a)
      return {
        pair,
        spansA: pair.spansB,
        spansB: pair.spansA,
        commonA: pair.commonB,
        commonB: pair.commonA,
      };
  }
  return undefined;
}

export function pairAnswer(
  challenge: SimilarityChallenge,
  kept: KeptReport,
  a: string,
  b: string,
  codes: Map<string, string>,
): SimilarityPairResponse | undefined {
  const found = findPair(kept, a, b);
  const first = kept.submissions.get(a);
  const second = kept.submissions.get(b);
  const codeA = codes.get(a);
  const codeB = codes.get(b);
  if (!found || !first || !second || codeA === undefined || codeB === undefined) return undefined;
  return {
    challenge: challengeOf(challenge),
    percent: percentOf(found.pair.similarity),
    shared: found.pair.shared,
    tooShort: found.pair.tooShort,
    minimumTokens: kept.minimumTokens,
    compared: kept.compared.length,
    a: { ...first, code: codeA, spans: found.spansA, common: found.commonA },
    b: { ...second, code: codeB, spans: found.spansB, common: found.commonB },
    computedAt: kept.computedAt,
  };
}
