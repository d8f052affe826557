import { describe, expect, it } from 'vitest';
import { DEFAULT_END_TIME, DEFAULT_START_TIME } from '../../contract/challenge-times.ts';
import { challengeWindow, deadlineFor, startOfDay, wallClockInstant } from './time-window.ts';

const HOUR_MS = 3_600_000;
const wholeDays = (startDate: string, endDate: string) => ({
  startDate,
  endDate,
  startTime: DEFAULT_START_TIME,
  endTime: DEFAULT_END_TIME,
});
const iso = (d: Date) => d.toISOString();

describe('time window', () => {
  it('reads calendar dates in the configured time zone', () => {
    expect(iso(startOfDay('2026-03-10', 'UTC'))).toBe('2026-03-10T00:00:00.000Z');
    expect(iso(startOfDay('2026-03-10', 'Asia/Kolkata'))).toBe('2026-03-09T18:30:00.000Z');
    expect(iso(startOfDay('2026-01-31', 'UTC', 1))).toBe('2026-02-01T00:00:00.000Z');
  });

  it('follows summer time changes', () => {
    // New York moves to summer time on 2026-03-08: the day starts at UTC-5, the next at UTC-4.
    expect(iso(startOfDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
  });

  it('starts a day that begins in a gap at its first minute, not on the day before', () => {
    // Santiago skips 00:00-01:00 on 2026-09-06 (UTC-4 to UTC-3): the day's first instant is 01:00.
    // Reading the offset at the guess twice gave 03:00Z, 23:00 of 2026-09-05.
    expect(iso(startOfDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('opens at the start of startDate and closes at the end of endDate by default', () => {
    const w = challengeWindow(wholeDays('2026-05-01', '2026-05-02'), 'UTC');
    expect(iso(w.opensAt)).toBe('2026-05-01T00:00:00.000Z');
    expect(iso(w.closesAt)).toBe('2026-05-03T00:00:00.000Z');
  });

  it('opens at startTime and closes at the end of the endTime minute', () => {
    const w = challengeWindow(
      { startDate: '2026-05-01', startTime: '09:30', endDate: '2026-05-01', endTime: '11:45' },
      'Asia/Kolkata',
    );
    expect(iso(w.opensAt)).toBe('2026-05-01T04:00:00.000Z');
    expect(iso(w.closesAt)).toBe('2026-05-01T06:16:00.000Z');
    // Equal times: open for that one minute.
    const minute = challengeWindow(
      { startDate: '2026-05-01', startTime: '09:30', endDate: '2026-05-01', endTime: '09:30' },
      'UTC',
    );
    expect(minute.closesAt.getTime() - minute.opensAt.getTime()).toBe(60_000);
  });

  it('never lets the deadline pass the end of the window', () => {
    const w = challengeWindow(wholeDays('2026-05-01', '2026-05-01'), 'UTC');
    expect(iso(deadlineFor(new Date('2026-05-01T10:00:00Z'), 45, w))).toBe(
      '2026-05-01T10:45:00.000Z',
    );
    expect(iso(deadlineFor(new Date('2026-05-01T23:30:00Z'), 45, w))).toBe(
      '2026-05-02T00:00:00.000Z',
    );
    const timed = challengeWindow(
      { ...wholeDays('2026-05-01', '2026-05-01'), endTime: '12:00' },
      'UTC',
    );
    expect(iso(deadlineFor(new Date('2026-05-01T11:30:00Z'), 45, timed))).toBe(
      '2026-05-01T12:01:00.000Z',
    );
  });
});

describe('a window across the summer-time changes of Europe/Berlin', () => {
  const berlin = 'Europe/Berlin';

  it('spring, 2026-03-29 (02:00 becomes 03:00): 01:30 to 03:30 is one real hour', () => {
    const w = challengeWindow(
      { startDate: '2026-03-29', startTime: '01:30', endDate: '2026-03-29', endTime: '03:29' },
      berlin,
    );
    expect(iso(w.opensAt)).toBe('2026-03-29T00:30:00.000Z'); // 01:30 CET, UTC+1
    expect(iso(w.closesAt)).toBe('2026-03-29T01:30:00.000Z'); // 03:30 CEST, UTC+2
    expect(w.closesAt.getTime() - w.opensAt.getTime()).toBe(HOUR_MS);
    // Through the 03:30 minute, as every close time is: one hour and that minute.
    const through = challengeWindow(
      { startDate: '2026-03-29', startTime: '01:30', endDate: '2026-03-29', endTime: '03:30' },
      berlin,
    );
    expect(through.closesAt.getTime() - through.opensAt.getTime()).toBe(HOUR_MS + 60_000);
  });

  it('spring: a time in the skipped hour is read with the offset before the change', () => {
    // 02:30 never shows on Berlin's clocks that day; it is 03:30 CEST, as far past the change as
    // it was past 02:00 (RFC 5545 §3.3.5).
    expect(iso(wallClockInstant('2026-03-29', '02:30', berlin))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(wallClockInstant('2026-03-29', '02:00', berlin))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(wallClockInstant('2026-03-29', '03:00', berlin))).toBe('2026-03-29T01:00:00.000Z');
    // The whole day is 23 hours long.
    const day = challengeWindow(wholeDays('2026-03-29', '2026-03-29'), berlin);
    expect(day.closesAt.getTime() - day.opensAt.getTime()).toBe(23 * HOUR_MS);
  });

  it('autumn, 2026-10-25 (03:00 becomes 02:00): the repeated hour counts twice', () => {
    const w = challengeWindow(
      { startDate: '2026-10-25', startTime: '01:30', endDate: '2026-10-25', endTime: '03:29' },
      berlin,
    );
    expect(iso(w.opensAt)).toBe('2026-10-24T23:30:00.000Z'); // 01:30 CEST, UTC+2
    expect(iso(w.closesAt)).toBe('2026-10-25T02:30:00.000Z'); // 03:30 CET, UTC+1
    expect(w.closesAt.getTime() - w.opensAt.getTime()).toBe(3 * HOUR_MS);
    const day = challengeWindow(wholeDays('2026-10-25', '2026-10-25'), berlin);
    expect(day.closesAt.getTime() - day.opensAt.getTime()).toBe(25 * HOUR_MS);
  });

  it('autumn: a time in the repeated hour is its first occurrence', () => {
    expect(iso(wallClockInstant('2026-10-25', '02:30', berlin))).toBe('2026-10-25T00:30:00.000Z');
    // A window closing through 02:30 closes at the first 02:31 (summer time), not an hour later.
    const w = challengeWindow(
      { startDate: '2026-10-25', startTime: '02:00', endDate: '2026-10-25', endTime: '02:30' },
      berlin,
    );
    expect(iso(w.opensAt)).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(w.closesAt)).toBe('2026-10-25T00:31:00.000Z');
  });

  it('gives the same instant from the cache as the first time', () => {
    const first = wallClockInstant('2026-10-25', '02:30', berlin, 1);
    const again = wallClockInstant('2026-10-25', '02:30', berlin, 1);
    expect(again).not.toBe(first); // a fresh Date each time: callers may not share one
    expect(iso(again)).toBe(iso(first));
    expect(iso(first)).toBe('2026-10-25T00:31:00.000Z');
  });
});
