import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, duration, memory, score, shortDateTime } from './format.ts';

describe('results formats', () => {
  it('writes clock times and date-times with two-digit parts', () => {
    const date = new Date(2026, 4, 4, 9, 5, 7);
    expect(clockTime(date)).toBe('09:05:07');
    expect(dateTime(date.toISOString())).toBe('2026-05-04 09:05:07');
    expect(dateTime(null)).toBe('—');
    expect(dateTime('not a date')).toBe('—');
  });

  it('shortens a time of today to the clock, and another day to the minute', () => {
    const now = new Date(2026, 4, 4, 12, 0, 0);
    expect(shortDateTime(new Date(2026, 4, 4, 9, 5, 7).toISOString(), now)).toBe('09:05:07');
    expect(shortDateTime(new Date(2026, 4, 3, 9, 5, 7).toISOString(), now)).toBe(
      '2026-05-03 09:05',
    );
    expect(shortDateTime(null, now)).toBe('—');
  });

  it('writes durations in the largest sensible units', () => {
    expect(duration(42)).toBe('42 s');
    expect(duration(725)).toBe('12 min 05 s');
    expect(duration(3720)).toBe('1 h 02 min');
    expect(duration(null)).toBe('—');
  });

  it('keeps at most one decimal of a score', () => {
    expect(score(100)).toBe('100');
    expect(score(33.3333)).toBe('33.3');
    expect(score(0)).toBe('0');
    expect(score(null)).toBe('—');
  });

  it('writes memory with units (run times: ui/run-time.ts)', () => {
    expect(memory(512)).toBe('1 KB');
    expect(memory(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(memory(null)).toBe('—');
  });
});
