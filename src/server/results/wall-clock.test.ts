import { describe, expect, it } from 'vitest';
import { createWallClock, todayIn } from './wall-clock.ts';

describe('wall clock', () => {
  it('keeps UTC times as they are in UTC', () => {
    const clock = createWallClock('UTC');
    expect(clock.text('2026-03-01T09:05:07.250Z')).toBe('2026-03-01 09:05:07');
    expect(clock.asUtcDate('2026-03-01T09:05:07.250Z').toISOString()).toBe(
      '2026-03-01T09:05:07.250Z',
    );
  });

  it('shifts to the campus time zone, half hours and summer time included', () => {
    expect(createWallClock('Asia/Kolkata').text('2026-03-01T20:00:00Z')).toBe(
      '2026-03-02 01:30:00',
    );
    const paris = createWallClock('Europe/Paris');
    expect(paris.text('2026-01-15T12:00:00Z')).toBe('2026-01-15 13:00:00');
    expect(paris.text('2026-07-15T12:00:00Z')).toBe('2026-07-15 14:00:00');
  });

  it("names today's date in the time zone", () => {
    expect(todayIn('Asia/Kolkata', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(todayIn('UTC', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-01');
  });
});
