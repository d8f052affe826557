import { describe, expect, it } from 'vitest';
import { challengeWindow, deadlineFor, startOfDay } from './time-window.ts';

describe('time window', () => {
  it('reads calendar dates in the configured time zone', () => {
    expect(startOfDay('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfDay('2026-03-10', 'Asia/Kolkata').toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(startOfDay('2026-01-31', 'UTC', 1).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('follows summer time changes', () => {
    // New York moves to summer time on 2026-03-08: the day starts at UTC-5, the next at UTC-4.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });

  it('opens at the start of startDate and closes at the end of endDate', () => {
    const w = challengeWindow({ startDate: '2026-05-01', endDate: '2026-05-02' }, 'UTC');
    expect(w.opensAt.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-05-03T00:00:00.000Z');
  });

  it('never lets the deadline pass the end of endDate', () => {
    const w = challengeWindow({ startDate: '2026-05-01', endDate: '2026-05-01' }, 'UTC');
    expect(deadlineFor(new Date('2026-05-01T10:00:00Z'), 45, w).toISOString()).toBe(
      '2026-05-01T10:45:00.000Z',
    );
    expect(deadlineFor(new Date('2026-05-01T23:30:00Z'), 45, w).toISOString()).toBe(
      '2026-05-02T00:00:00.000Z',
    );
  });
});
