import { describe, expect, it } from 'vitest';
import { closesText, opensText, windowTexts } from './challenge-times.ts';

const whole = {
  startDate: '2026-05-01',
  startTime: '00:00',
  endDate: '2026-05-02',
  endTime: '23:59',
};

describe('how a window reads', () => {
  it('is the dates alone at the default times, as before times existed', () => {
    expect(opensText(whole, 'Europe/Berlin')).toBe('2026-05-01');
    expect(closesText(whole, 'Europe/Berlin')).toBe('2026-05-02');
    expect(windowTexts(whole, 'Europe/Berlin')).toEqual({
      opens: '2026-05-01',
      closes: '2026-05-02',
    });
  });

  it('shows a time that is not the default with the zone', () => {
    const timed = { ...whole, startTime: '09:00', endTime: '17:30' };
    expect(opensText(timed, 'Europe/Berlin')).toBe('2026-05-01 09:00 (Europe/Berlin)');
    expect(closesText(timed, 'Europe/Berlin')).toBe('2026-05-02 17:30 (Europe/Berlin)');
    expect(windowTexts(timed, 'Europe/Berlin')).toEqual({
      opens: '2026-05-01 09:00',
      closes: '2026-05-02 17:30 (Europe/Berlin)',
    });
    // Each message names only its own edge: the default start stays the date alone.
    const lateEnd = { ...whole, endTime: '12:00' };
    expect(opensText(lateEnd, 'UTC')).toBe('2026-05-01');
    expect(windowTexts(lateEnd, 'UTC')).toEqual({
      opens: '2026-05-01',
      closes: '2026-05-02 12:00 (UTC)',
    });
    // A zone not known (an older server's answer): the time without it.
    expect(windowTexts(timed, undefined).closes).toBe('2026-05-02 17:30');
  });
});
