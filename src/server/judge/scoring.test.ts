import { describe, expect, it } from 'vitest';
import { groupScores, overallVerdict, scoreTests } from './scoring.ts';
import { KATTIS_NODE_DEFAULTS } from '../../contract/kattis-grading.ts';

const ac = (weight: number) => ({ verdict: 'Accepted' as const, weight });
const wa = (weight: number) => ({ verdict: 'Wrong Answer' as const, weight });

describe('scoreTests', () => {
  it('gives the full score when every test passes', () => {
    expect(scoreTests([ac(1), ac(2)], 100)).toEqual({
      passed: 2,
      total: 2,
      passedWeight: 3,
      totalWeight: 3,
      score: 100,
    });
  });
  it('scales by passed weight over total weight', () => {
    expect(scoreTests([ac(1), wa(3)], 100).score).toBe(25);
    expect(scoreTests([wa(1), ac(3)], 40).score).toBe(30);
  });
  it("gives an accepted test the share of its weight a checker's score.txt names", () => {
    const partial = { verdict: 'Accepted' as const, weight: 2, fraction: 0.25 };
    expect(scoreTests([partial, ac(2)], 100)).toEqual({
      passed: 2,
      total: 2,
      passedWeight: 2.5,
      totalWeight: 4,
      score: 62.5,
    });
    expect(scoreTests([{ ...partial, weight: 0 }, ac(0)], 10).score).toBe(6.25);
    // A share is never more than the whole test, nor below nothing.
    expect(scoreTests([{ ...partial, fraction: 3 }, ac(2)], 100).score).toBe(100);
    expect(scoreTests([{ ...partial, fraction: -1 }, ac(2)], 100).score).toBe(50);
  });
  it('rounds to two decimals', () => {
    expect(scoreTests([ac(1), wa(1), wa(1)], 100).score).toBe(33.33);
  });
  it('gives 0 when nothing passes', () => {
    expect(scoreTests([wa(1), { verdict: 'Time Limit Exceeded', weight: 2 }], 100).score).toBe(0);
  });
  it('weighs tests equally when every weight is 0', () => {
    expect(scoreTests([ac(0), wa(0)], 10)).toMatchObject({ score: 5, totalWeight: 2 });
  });
  it('ignores negative and non-finite weights', () => {
    expect(scoreTests([ac(-5), ac(Number.NaN), wa(2), ac(2)], 100).score).toBe(50);
  });
  it('scores an empty test list as 0', () => {
    expect(scoreTests([], 100)).toMatchObject({ score: 0, total: 0 });
  });
});

describe('test groups', () => {
  const inGroup = (
    group: string,
    r: { verdict: 'Accepted' | 'Wrong Answer' | 'Skipped'; weight: number },
  ) => ({
    ...r,
    group,
  });
  const skipped = (weight: number) => ({ verdict: 'Skipped' as const, weight });
  const groups = [
    { name: 'sample', scoring: 'sum' as const },
    { name: 'small', scoring: 'all' as const },
  ];

  it('gives an all-or-nothing group its points only when every test passes', () => {
    const results = [
      inGroup('sample', ac(0)),
      inGroup('small', ac(2)),
      inGroup('small', wa(2)),
      inGroup('small', skipped(2)),
      inGroup('large', ac(2)),
      inGroup('large', wa(2)),
    ];
    // small earns nothing (a failure), large sums (one of two), samples weigh 0.
    expect(scoreTests(results, 100, groups)).toEqual({
      passed: 3,
      total: 6,
      passedWeight: 2,
      totalWeight: 10,
      score: 20,
    });
    expect(groupScores(results, 100, groups)).toEqual([
      { name: 'sample', tests: 1, passed: 1, skipped: 0, points: 0, maxPoints: 0 },
      { name: 'small', tests: 3, passed: 1, skipped: 1, points: 0, maxPoints: 60 },
      { name: 'large', tests: 2, passed: 1, skipped: 0, points: 20, maxPoints: 40 },
    ]);
    const allPassed = results.map((r) => ({ ...r, verdict: 'Accepted' as const }));
    expect(scoreTests(allPassed, 100, groups).score).toBe(100);
  });

  it('sums every group that is not defined, as before groups existed', () => {
    const results = [inGroup('a', ac(1)), inGroup('a', wa(1)), inGroup('b', ac(2))];
    expect(scoreTests(results, 100).score).toBe(75);
    expect(scoreTests(results, 100, [{ name: 'a', scoring: 'all' }]).score).toBe(50);
  });

  it('never reports a skipped test as the verdict: the failure before it is', () => {
    expect(overallVerdict([ac(1), wa(1), skipped(1)])).toBe('Wrong Answer');
    expect(overallVerdict([skipped(1), { verdict: 'Runtime Error', weight: 1 }])).toBe(
      'Runtime Error',
    );
  });
});

describe('overallVerdict', () => {
  it('is Accepted only when every test is', () => {
    expect(overallVerdict([ac(1), ac(1)])).toBe('Accepted');
  });
  it('is the first failing verdict', () => {
    expect(overallVerdict([ac(1), { verdict: 'Runtime Error', weight: 1 }, wa(1)])).toBe(
      'Runtime Error',
    );
  });
  it('is Internal Error with no tests at all', () => {
    expect(overallVerdict([])).toBe('Internal Error');
  });
});

describe('groupScores of a Kattis scoring problem (issue 35)', () => {
  it("gives each group its node's score in the challenge's points", () => {
    const node = { ...KATTIS_NODE_DEFAULTS, onReject: 'continue' as const };
    const group = { ...KATTIS_NODE_DEFAULTS, aggregate: 'min' as const, acceptScore: 50 };
    const grading = {
      root: { ...node, ignoreSample: true },
      sample: { ...node, acceptScore: 0 },
      secret: { ...node, acceptIfAnyAccepted: true },
      groups: { one: group, two: group },
    };
    const results = [
      { verdict: 'Accepted' as const, weight: 1, group: 'sample' },
      { verdict: 'Accepted' as const, weight: 1, group: 'one' },
      { verdict: 'Wrong Answer' as const, weight: 1, group: 'two' },
      { verdict: 'Skipped' as const, weight: 1, group: 'two' },
    ];
    expect(
      groupScores(results, 100, [], grading).map((g) => [g.name, g.points, g.maxPoints, g.skipped]),
    ).toEqual([
      ['sample', 0, 0, 0],
      ['one', 50, 50, 0],
      ['two', 0, 50, 1],
    ]);
    expect(scoreTests(results, 100, [], grading).score).toBe(50);
    expect(overallVerdict(results, grading)).toBe('Accepted');
  });
});
