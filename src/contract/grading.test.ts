import { describe, expect, it } from 'vitest';
import { effectiveScore, finalScore, gradeInputSchema, gradingMessages } from './grading.ts';

describe('final grade arithmetic', () => {
  it('is the automatic score without a grade, null before anything is judged', () => {
    expect(finalScore(72.5, null, null, 100)).toBe(72.5);
    expect(finalScore(null, null, null, 100)).toBeNull();
  });

  it('replaces the score with an absolute override, within 0 and the maximum', () => {
    expect(finalScore(40, { kind: 'absolute', value: 85 }, null, 100)).toBe(85);
    expect(effectiveScore(40, { kind: 'absolute', value: 140 }, 100)).toBe(100);
    expect(finalScore(null, { kind: 'absolute', value: 10 }, null, 100)).toBe(10);
  });

  it('moves the score by an adjustment, never below 0 nor above the maximum', () => {
    expect(finalScore(40, { kind: 'adjust', value: 5 }, null, 100)).toBe(45);
    expect(finalScore(40, { kind: 'adjust', value: -55 }, null, 100)).toBe(0);
    expect(finalScore(98, { kind: 'adjust', value: 5 }, null, 100)).toBe(100);
    expect(finalScore(null, { kind: 'adjust', value: 3 }, null, 100)).toBe(3);
  });

  it('adds the manual points on top, as they are', () => {
    expect(finalScore(100, null, 8, 100)).toBe(108);
    expect(finalScore(40, { kind: 'adjust', value: 2.25 }, 7.5, 100)).toBe(49.75);
    expect(finalScore(null, null, 4, 100)).toBe(4);
  });

  it('rounds to hundredths', () => {
    expect(finalScore(33.333, { kind: 'adjust', value: 0.001 }, null, 100)).toBe(33.33);
  });
});

describe('grade input', () => {
  it('requires a reason', () => {
    const missing = gradeInputSchema.safeParse({ part: 'score', kind: 'absolute', value: 5 });
    expect(missing.error?.issues[0]?.message).toBe(gradingMessages.reasonRequired);
    const blank = gradeInputSchema.safeParse({ part: 'score', kind: 'clear', reason: '   ' });
    expect(blank.error?.issues[0]?.message).toBe(gradingMessages.reasonRequired);
  });

  it('requires points unless clearing, and no adjustment of manual points', () => {
    expect(gradeInputSchema.safeParse({ part: 'score', kind: 'adjust', reason: 'r' }).success).toBe(
      false,
    );
    expect(
      gradeInputSchema.safeParse({ part: 'manual', kind: 'adjust', value: 1, reason: 'r' }).success,
    ).toBe(false);
    expect(gradeInputSchema.safeParse({ part: 'manual', kind: 'clear', reason: 'r' }).success).toBe(
      true,
    );
  });
});
