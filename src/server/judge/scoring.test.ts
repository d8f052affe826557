import { describe, expect, it } from 'vitest';
import { overallVerdict, scoreTests } from './scoring.ts';

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
