import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRemaining, serverClock } from './server-clock.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('serverClock', () => {
  it("follows the server's clock, not the computer's", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    // This computer runs 90 s behind the server.
    const clock = serverClock('2026-11-22T10:01:30Z');
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-22T10:01:30.000Z');
    vi.advanceTimersByTime(10_000);
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-22T10:01:40.000Z');
  });
});

describe('formatRemaining', () => {
  it('shows minutes and seconds, hours when there are any, and never goes negative', () => {
    expect(formatRemaining(299_001)).toBe('05:00');
    expect(formatRemaining(59_000)).toBe('00:59');
    expect(formatRemaining(3_909_000)).toBe('01:05:09');
    expect(formatRemaining(-5000)).toBe('00:00');
  });
});
