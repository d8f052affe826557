import { describe, expect, it } from 'vitest';
import { waitAfter } from './login-throttle.ts';

describe('the wait after failed logins', () => {
  it('is nothing until the free failures are used, then doubles up to the window', () => {
    expect([0, 9].map((n) => waitAfter(n, 10, 900))).toEqual([0, 0]);
    expect([10, 11, 12, 13].map((n) => waitAfter(n, 10, 900))).toEqual([5, 10, 20, 40]);
    expect(waitAfter(17, 10, 900)).toBe(640);
    expect(waitAfter(18, 10, 900)).toBe(900);
    expect(waitAfter(10_000, 10, 900)).toBe(900);
  });
});
