/**
 * Scoring and the overall verdict of a submission, apart from any process handling so the rules are
 * tested on their own: score = challenge score × earned weight / total weight (DESIGN.md §5), where
 * a test earns its weight when Accepted (times the share a checker's score.txt gives), and an
 * all-or-nothing group (test-groups.ts) earns nothing unless every one of its tests is Accepted.
 */
import type { KattisGrading } from '../../contract/kattis-grading.ts';
import { DEFAULT_HIDDEN_GROUP, scoringOf, type TestGroup } from '../../contract/test-groups.ts';
import { kattisGrade } from './kattis-grade.ts';
import type { Verdict } from '../../contract/verdicts.ts';

export interface WeightedVerdict {
  verdict: Verdict;
  weight: number;
  /** Share of the weight an Accepted test earns (a checker's score.txt); 1 when absent. */
  fraction?: number | undefined;
  /** Its group (test-groups.ts groupOf); absent: all tests in one group that sums. */
  group?: string | undefined;
}

export interface Score {
  passed: number;
  total: number;
  passedWeight: number;
  totalWeight: number;
  score: number;
}

export interface GroupScore {
  name: string;
  tests: number;
  passed: number;
  /** Tests not run because an earlier one of the all-or-nothing group failed. */
  skipped: number;
  /** In the challenge's points, two decimals, like the score. */
  points: number;
  maxPoints: number;
}

/** Two decimals: enough for any weight split, and free of 33.333333333333336-style noise. */
const round = (n: number) => Math.round(n * 100) / 100;
const weightOf = (w: number) => (Number.isFinite(w) && w > 0 ? w : 0);
const shareOf = (r: WeightedVerdict) =>
  r.verdict === 'Accepted' ? Math.min(1, Math.max(0, r.fraction ?? 1)) : 0;

/** Each group's tests and earned and possible weight, in order of first appearance. */
function weighGroups(results: readonly WeightedVerdict[], groups: readonly TestGroup[]) {
  // Weights below zero or not finite count as 0; a challenge whose weights are all 0 weighs its
  // tests equally.
  const equal = results.every((r) => weightOf(r.weight) === 0);
  const byName = new Map<string, { tests: WeightedVerdict[]; earned: number; possible: number }>();
  for (const r of results) {
    const name = r.group ?? '';
    const entry = byName.get(name) ?? { tests: [], earned: 0, possible: 0 };
    entry.tests.push(r);
    const weight = equal ? 1 : weightOf(r.weight);
    entry.possible += weight;
    entry.earned += weight * shareOf(r);
    byName.set(name, entry);
  }
  for (const [name, entry] of byName)
    if (scoringOf(groups, name) === 'all' && entry.tests.some((t) => t.verdict !== 'Accepted'))
      entry.earned = 0;
  return byName;
}

export function scoreTests(
  results: readonly WeightedVerdict[],
  challengeScore: number,
  groups: readonly TestGroup[] = [],
  /** A Kattis scoring problem's grading: the root's score over its best decides. */
  grading?: KattisGrading,
): Score {
  if (grading) {
    const graded = kattisGrade(
      results.map((r) => ({ verdict: r.verdict, group: r.group ?? '', fraction: r.fraction })),
      grading,
    );
    const share =
      graded.maxScore > 0 ? Math.min(1, Math.max(0, graded.score / graded.maxScore)) : 0;
    return {
      passed: results.filter((r) => r.verdict === 'Accepted').length,
      total: results.length,
      passedWeight: Math.max(0, graded.score),
      totalWeight: graded.maxScore,
      score: round(challengeScore * share),
    };
  }
  let passedWeight = 0;
  let totalWeight = 0;
  for (const g of weighGroups(results, groups).values()) {
    passedWeight += g.earned;
    totalWeight += g.possible;
  }
  const passed = results.filter((r) => r.verdict === 'Accepted').length;
  const score = totalWeight > 0 ? round((challengeScore * passedWeight) / totalWeight) : 0;
  return { passed, total: results.length, passedWeight, totalWeight, score };
}

/** Each group's outcome in the challenge's points (the student's per-group results). */
export function groupScores(
  results: readonly WeightedVerdict[],
  challengeScore: number,
  groups: readonly TestGroup[] = [],
  /** A Kattis scoring problem's grading: each group's points are its node's score. */
  grading?: KattisGrading,
): GroupScore[] {
  if (grading) return kattisGroupScores(results, challengeScore, grading);
  const weighed = weighGroups(results, groups);
  const totalWeight = [...weighed.values()].reduce((sum, g) => sum + g.possible, 0);
  const points = (weight: number) =>
    totalWeight > 0 ? round((challengeScore * weight) / totalWeight) : 0;
  return [...weighed].map(([name, g]) => ({
    name,
    tests: g.tests.length,
    passed: g.tests.filter((t) => t.verdict === 'Accepted').length,
    skipped: g.tests.filter((t) => t.verdict === 'Skipped').length,
    points: points(g.earned),
    maxPoints: points(g.possible),
  }));
}

/**
 * A Kattis scoring problem's groups in the challenge's points: a group's node score (and its best)
 * over the root's best; `secret`'s own tests each count their accept or reject score (its node
 * also holds the groups, which have rows of their own).
 */
function kattisGroupScores(
  results: readonly WeightedVerdict[],
  challengeScore: number,
  grading: KattisGrading,
): GroupScore[] {
  const graded = kattisGrade(
    results.map((r) => ({ verdict: r.verdict, group: r.group ?? '', fraction: r.fraction })),
    grading,
  );
  const points = (score: number) =>
    graded.maxScore > 0 ? round((challengeScore * Math.max(0, score)) / graded.maxScore) : 0;
  const names = [...new Set(results.map((r) => r.group ?? ''))];
  return names.map((name) => {
    const tests = results.filter((r) => (r.group ?? '') === name);
    let node = graded.groups.get(name) ?? { score: 0, maxScore: 0 };
    if (name === DEFAULT_HIDDEN_GROUP) {
      const { acceptScore, rejectScore } = grading.secret;
      node = {
        score: tests.reduce(
          (sum, t) =>
            sum +
            (shareOf(t) > 0 ? acceptScore * shareOf(t) : t.verdict === 'Skipped' ? 0 : rejectScore),
          0,
        ),
        maxScore: tests.length * acceptScore,
      };
    }
    return {
      name,
      tests: tests.length,
      passed: tests.filter((t) => t.verdict === 'Accepted').length,
      skipped: tests.filter((t) => t.verdict === 'Skipped').length,
      points: points(node.score),
      maxPoints: points(node.maxScore),
    };
  });
}

/**
 * The submission's verdict: Accepted when every test passed, else the first failing test's verdict
 * (the order the tests were given), so a student sees the earliest problem. A test skipped after
 * a failure in its group always comes after that failure.
 */
export function overallVerdict(
  results: readonly WeightedVerdict[],
  /** A Kattis scoring problem's grading: the root's verdict (kattis-grade.ts). */
  grading?: KattisGrading,
): Verdict {
  if (results.length === 0) return 'Internal Error';
  if (grading)
    return kattisGrade(
      results.map((r) => ({ verdict: r.verdict, group: r.group ?? '', fraction: r.fraction })),
      grading,
    ).verdict;
  return (
    results.find((r) => r.verdict !== 'Accepted' && r.verdict !== 'Skipped')?.verdict ??
    results.find((r) => r.verdict !== 'Accepted')?.verdict ??
    'Accepted'
  );
}
