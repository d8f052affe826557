import { describe, expect, it } from 'vitest';
import { changeLines, fieldWords, valueText } from './change-lines.ts';

describe('an audit entry’s changes as lines', () => {
  it('shows an update’s fields from what to what', () => {
    expect(
      changeLines({
        challengeName: { from: 'Sums', to: 'Squares' },
        active: { from: true, to: false },
        role: { from: null, to: 'teacher' },
      }),
    ).toEqual([
      { field: 'challenge name', from: '“Sums”', to: '“Squares”' },
      { field: 'active', from: 'yes', to: 'no' },
      { field: 'role', from: 'none', to: '“teacher”' },
    ]);
  });

  it('shows what a call set when no before was kept, and secrets as not recorded', () => {
    expect(
      changeLines({ password: '(not recorded)', extra: { to: 'x' }, languages: ['c', 'java'] }),
    ).toEqual([
      { field: 'password', to: 'not recorded' },
      { field: 'extra', to: '“x”' },
      { field: 'languages', to: 'c, java' },
    ]);
  });

  it('shows tests by a short hash and size, and long texts by their start', () => {
    const sha256 = 'ab'.repeat(32);
    expect(valueText({ sha256, bytes: 1200 })).toBe('tests #abababab (1,200 bytes)');
    expect(valueText({ start: 'Read two', length: 900, sha256 })).toBe(
      '“Read two” (900 characters, #abababab)',
    );
    expect(valueText([{ points: 10, challengeIds: ['A'] }])).toBe(
      '[{"points":10,"challengeIds":["A"]}]',
    );
  });

  it('puts field names in words', () => {
    expect(fieldWords('timeLimitMs')).toBe('time limit ms');
    expect(fieldWords('examCode')).toBe('exam code');
  });
});
