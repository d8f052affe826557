import { describe, expect, it } from 'vitest';
import {
  assembleStatistics,
  scoreBinIndex,
  scoreHistogram,
  sortVerdicts,
  type StatisticsRow,
} from './assemble-statistics.ts';

const row = (r: Partial<StatisticsRow> & Pick<StatisticsRow, 'kind'>): StatisticsRow => ({
  challengeId: 'C',
  testIndex: null,
  text: null,
  count: 1,
  shortened: null,
  groups: null,
  score: null,
  ...r,
});

describe('scoreBinIndex', () => {
  it('puts a score in its tenth of the maximum, full marks on their own', () => {
    expect(scoreBinIndex(0, 100)).toBe(0);
    expect(scoreBinIndex(9.99, 100)).toBe(0);
    expect(scoreBinIndex(10, 100)).toBe(1);
    expect(scoreBinIndex(99.9, 100)).toBe(9);
    expect(scoreBinIndex(100, 100)).toBe(10);
    // Out of 50: 25 is 50 %.
    expect(scoreBinIndex(25, 50)).toBe(5);
  });

  it('is not fooled by floating point at a bin edge, nor by scores outside 0..max', () => {
    // 8.1 / 9 * 100 is 89.99999999999999 in floating point: 90 % to a person.
    expect(scoreBinIndex(8.1, 9)).toBe(9);
    expect(scoreBinIndex(11.7, 13)).toBe(9);
    expect(scoreBinIndex(120, 100)).toBe(10);
    expect(scoreBinIndex(-5, 100)).toBe(0);
    expect(scoreBinIndex(3, 0)).toBe(0);
  });
});

describe('scoreHistogram', () => {
  it('has every bin, empty ones included, and adds up the students', () => {
    const bins = scoreHistogram(
      [
        { score: 0, count: 2 },
        { score: 50, count: 1 },
        { score: 55, count: 3 },
        { score: 100, count: 4 },
      ],
      100,
    );
    expect(bins).toHaveLength(11);
    expect(bins[0]).toEqual({ from: 0, to: 10, count: 2 });
    expect(bins[5]).toEqual({ from: 50, to: 60, count: 4 });
    expect(bins[9]).toEqual({ from: 90, to: 100, count: 0 });
    expect(bins[10]).toEqual({ from: 100, to: 100, count: 4 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(10);
  });
});

describe('sortVerdicts', () => {
  it('puts the most frequent first, ties in the verdicts’ own order', () => {
    expect(
      sortVerdicts([
        { verdict: 'Runtime Error', count: 2 },
        { verdict: 'Wrong Answer', count: 2 },
        { verdict: 'Accepted', count: 1 },
      ]).map((v) => v.verdict),
    ).toEqual(['Wrong Answer', 'Runtime Error', 'Accepted']);
  });
});

describe('assembleStatistics', () => {
  const challenge = { challengeId: 'C', challengeName: 'Sum', maxScore: 10, hidden: [false, true] };

  it('groups the rows per test in the challenge’s order, with passes and wrong outputs', () => {
    const [stats] = assembleStatistics(
      [challenge],
      [
        row({ kind: 'submission', score: 10, verdicts: ['Accepted', 'Accepted'] }),
        row({ kind: 'submission', score: 2.5, verdicts: ['Accepted', 'Wrong Answer'] }),
        row({ kind: 'submission', score: 2.5, verdicts: ['Accepted', 'Wrong Answer'] }),
        // A test the challenge no longer has is left out.
        row({ kind: 'submission', score: 2.5, verdicts: ['Accepted', 'Wrong Answer', 'Accepted'] }),
        row({ kind: 'wrong', testIndex: 1, text: '14\n', count: 1, shortened: false, groups: 2 }),
        row({ kind: 'wrong', testIndex: 1, text: '16\n', count: 2, shortened: true, groups: 2 }),
        // Another challenge's rows are left out.
        row({ kind: 'submission', challengeId: 'D', score: 1, verdicts: ['Accepted'] }),
      ],
    );
    expect(stats?.students).toBe(4);
    expect(stats?.tests).toEqual([
      {
        index: 0,
        hidden: false,
        judged: 4,
        passed: 4,
        verdicts: [{ verdict: 'Accepted', count: 4 }],
        wrongOutputs: [],
        wrongOutputGroups: 0,
      },
      {
        index: 1,
        hidden: true,
        judged: 4,
        passed: 1,
        verdicts: [
          { verdict: 'Wrong Answer', count: 3 },
          { verdict: 'Accepted', count: 1 },
        ],
        wrongOutputs: [
          { count: 2, sample: '16\n', shortened: true },
          { count: 1, sample: '14\n', shortened: false },
        ],
        wrongOutputGroups: 2,
      },
    ]);
    expect(stats?.histogram[2]?.count).toBe(3);
    expect(stats?.histogram[10]?.count).toBe(1);
  });

  it('answers zeros for a challenge nobody has a judged submission on', () => {
    const [stats] = assembleStatistics([challenge], []);
    expect(stats?.students).toBe(0);
    expect(stats?.tests.map((t) => [t.judged, t.passed])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(stats?.histogram.every((b) => b.count === 0)).toBe(true);
  });
});
