import { describe, expect, it } from 'vitest';
import { deadlineFor } from '../compiler/time-window.ts';
import { examWindow } from './exam-window.ts';

describe('exam window', () => {
  it('opens at the start time and closes at the end of the end minute', () => {
    const w = examWindow(
      { startDate: '2026-05-01', startTime: '09:30', endDate: '2026-05-01', endTime: '11:59' },
      'UTC',
    );
    expect(w.opensAt.toISOString()).toBe('2026-05-01T09:30:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-05-01T12:00:00.000Z');
  });

  it('reads 23:59 as through the end of the day, like a challenge’s endDate', () => {
    const w = examWindow(
      { startDate: '2026-05-01', startTime: '00:00', endDate: '2026-05-02', endTime: '23:59' },
      'Asia/Kolkata',
    );
    expect(w.opensAt.toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-05-02T18:30:00.000Z');
  });

  it('keeps wall-clock times across the Berlin summer-time change', () => {
    // Berlin moves from UTC+1 to UTC+2 at 02:00 on 2026-03-29.
    const w = examWindow(
      { startDate: '2026-03-28', startTime: '09:00', endDate: '2026-03-29', endTime: '09:00' },
      'Europe/Berlin',
    );
    expect(w.opensAt.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-03-29T07:01:00.000Z');
  });

  it('never lets a timer run past the window', () => {
    const w = examWindow(
      { startDate: '2026-05-01', startTime: '09:00', endDate: '2026-05-01', endTime: '09:59' },
      'UTC',
    );
    expect(deadlineFor(new Date('2026-05-01T09:40:00Z'), 90, w).toISOString()).toBe(
      '2026-05-01T10:00:00.000Z',
    );
  });
});
