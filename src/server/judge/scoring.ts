/**
 * Scoring and the overall verdict of a submission, apart from any process handling so the rules are
 * tested on their own: score = challenge score × passed weight / total weight (DESIGN.md §5).
 */
import type { Verdict } from '../../contract/verdicts.ts';

export interface WeightedVerdict {
  verdict: Verdict;
  weight: number;
  /** Share of the weight an Accepted test earns (a checker's score.txt); 1 when absent. */
  fraction?: number | undefined;
}

export interface Score {
  passed: number;
  total: number;
  passedWeight: number;
  totalWeight: number;
  score: number;
}

/** Weights below zero or not finite count as 0; a challenge whose weights are all 0 weighs tests equally. */
export function scoreTests(results: readonly WeightedVerdict[], challengeScore: number): Score {
  const weightOf = (w: number) => (Number.isFinite(w) && w > 0 ? w : 0);
  let totalWeight = results.reduce((sum, r) => sum + weightOf(r.weight), 0);
  const equal = totalWeight === 0;
  if (equal) totalWeight = results.length;
  let passedWeight = 0;
  let passed = 0;
  for (const r of results) {
    if (r.verdict !== 'Accepted') continue;
    passed += 1;
    const share = Math.min(1, Math.max(0, r.fraction ?? 1));
    passedWeight += (equal ? 1 : weightOf(r.weight)) * share;
  }
  const raw = totalWeight > 0 ? (challengeScore * passedWeight) / totalWeight : 0;
  // Two decimals: enough for any weight split, and free of 33.333333333333336-style noise.
  const score = Math.round(raw * 100) / 100;
  return { passed, total: results.length, passedWeight, totalWeight, score };
}

/**
 * The submission's verdict: Accepted when every test passed, else the first failing test's verdict
 * (the order the tests were given), so a student sees the earliest problem.
 */
export function overallVerdict(results: readonly WeightedVerdict[]): Verdict {
  if (results.length === 0) return 'Internal Error';
  return results.find((r) => r.verdict !== 'Accepted')?.verdict ?? 'Accepted';
}
