/**
 * Turns the flat rows of the statistics query (statistics-queries.ts) into the answer's shape:
 * per challenge, per test (in the challenge's current order) its verdicts and grouped wrong
 * outputs, and the scores bucketed into the histogram. Pure, so the bucketing and grouping rules
 * are tested without a database; the SQL only counts.
 */
import {
  SCORE_BIN_PERCENT,
  type ChallengeStatistics,
  type ScoreBin,
  type TestStatistics,
  type VerdictCount,
  type WrongOutput,
} from '../../../contract/grading-statistics.ts';
import { VERDICTS, isVerdict, type Verdict } from '../../../contract/verdicts.ts';
import type { StatisticsChallenge } from './statistics-queries.ts';

/** One row of the statistics query; which fields are set depends on `kind`. */
export type StatisticsRow = {
  kind: 'submission' | 'wrong';
  challengeId: string;
  /** wrong: the test (0-based). */
  testIndex: number | null;
  /** wrong: the output's sample. */
  text: string | null;
  /** Students in this row (1 for a submission). */
  count: number;
  /** wrong: the sample is not the whole output. */
  shortened: boolean | null;
  /** wrong: how many different wrong outputs the test had. */
  groups: number | null;
  /** submission: its score. */
  score: number | null;
  /** submission: its verdict on each test, in test order (null when it has no tests). */
  verdicts?: unknown;
};

/**
 * Where a score falls, as a percent of the maximum: tenths from 0 (the last one 90 to under
 * 100) and a bin of its own for full marks, so "everyone nearly made it" and "everyone made it"
 * look different. A percent is rounded to millionths first: 8.1 out of 9 is 90, not 89.99999999999999.
 * Without a positive maximum there is no percent; such scores count as 0.
 */
export function scoreBinIndex(score: number, maxScore: number): number {
  const full = 100 / SCORE_BIN_PERCENT;
  if (maxScore <= 0) return 0;
  const percent = Math.round((score / maxScore) * 100 * 1e6) / 1e6;
  if (percent >= 100) return full;
  if (percent <= 0) return 0;
  return Math.min(full - 1, Math.floor(percent / SCORE_BIN_PERCENT));
}

/** Every bin, empty ones included (a histogram with gaps would hide where nobody scored). */
export function scoreHistogram(
  scores: readonly { score: number; count: number }[],
  maxScore: number,
): ScoreBin[] {
  const full = 100 / SCORE_BIN_PERCENT;
  const bins: ScoreBin[] = Array.from({ length: full + 1 }, (_, i) =>
    i === full
      ? { from: 100, to: 100, count: 0 }
      : { from: i * SCORE_BIN_PERCENT, to: (i + 1) * SCORE_BIN_PERCENT, count: 0 },
  );
  for (const { score, count } of scores) {
    const bin = bins[scoreBinIndex(score, maxScore)];
    if (bin) bin.count += count;
  }
  return bins;
}

const verdictOrder = (v: VerdictCount) => VERDICTS.indexOf(v.verdict);

/** Most frequent first; ties in the verdicts' own order (Accepted first). */
export function sortVerdicts(counts: VerdictCount[]): VerdictCount[] {
  return [...counts].sort((a, b) => b.count - a.count || verdictOrder(a) - verdictOrder(b));
}

/** Most frequent first; ties by the text, so the order does not change between reads. */
export function sortWrongOutputs(outputs: WrongOutput[]): WrongOutput[] {
  return [...outputs].sort(
    (a, b) => b.count - a.count || (a.sample < b.sample ? -1 : a.sample > b.sample ? 1 : 0),
  );
}

/** Per test, per verdict, how many counted submissions had it. */
export function countVerdicts(
  submissions: readonly StatisticsRow[],
): Map<number, Map<Verdict, number>> {
  const counts = new Map<number, Map<Verdict, number>>();
  for (const row of submissions) {
    if (!Array.isArray(row.verdicts)) continue;
    row.verdicts.forEach((verdict: unknown, index) => {
      if (!isVerdict(verdict)) return;
      const test = counts.get(index) ?? new Map<Verdict, number>();
      test.set(verdict, (test.get(verdict) ?? 0) + row.count);
      counts.set(index, test);
    });
  }
  return counts;
}

function testStatistics(
  index: number,
  hidden: boolean,
  verdictCounts: Map<Verdict, number> | undefined,
  wrongRows: StatisticsRow[],
): TestStatistics {
  const verdicts: VerdictCount[] = [...(verdictCounts ?? new Map<Verdict, number>())].map(
    ([verdict, count]) => ({ verdict, count }),
  );
  const wrongOutputs: WrongOutput[] = wrongRows.map((row) => ({
    count: row.count,
    sample: row.text ?? '',
    shortened: row.shortened === true,
  }));
  return {
    index,
    hidden,
    judged: verdicts.reduce((n, v) => n + v.count, 0),
    passed: verdictCounts?.get('Accepted') ?? 0,
    verdicts: sortVerdicts(verdicts),
    wrongOutputs: sortWrongOutputs(wrongOutputs),
    wrongOutputGroups: Math.max(0, ...wrongRows.map((row) => row.groups ?? 0)),
  };
}

/**
 * The answer's blocks, one per challenge in the order given. A test the challenge no longer has
 * (submissions judged before tests were removed) is left out: it cannot be named on screen.
 */
export function assembleStatistics(
  challenges: readonly StatisticsChallenge[],
  rows: readonly StatisticsRow[],
): ChallengeStatistics[] {
  return challenges.map((challenge) => {
    const own = rows.filter((r) => r.challengeId === challenge.challengeId);
    const submissions = own.filter((r) => r.kind === 'submission');
    const verdicts = countVerdicts(submissions);
    const wrong = new Map<number, StatisticsRow[]>();
    for (const row of own) {
      if (row.kind !== 'wrong' || row.testIndex === null) continue;
      const list = wrong.get(row.testIndex) ?? [];
      list.push(row);
      wrong.set(row.testIndex, list);
    }
    const scores = submissions.map((r) => ({ score: r.score ?? 0, count: r.count }));
    return {
      challengeId: challenge.challengeId,
      challengeName: challenge.challengeName,
      maxScore: challenge.maxScore,
      students: scores.reduce((n, s) => n + s.count, 0),
      tests: challenge.hidden.map((hidden, index) =>
        testStatistics(index, hidden, verdicts.get(index), wrong.get(index) ?? []),
      ),
      histogram: scoreHistogram(scores, challenge.maxScore),
    };
  });
}
