import { describe, expect, it } from 'vitest';
import {
  admissionWindow,
  beginDeadline,
  deadlineWithExtra,
  deadlineWithFactor,
  deadlineWithWindow,
  isRunning,
  NO_ACCOMMODATION,
  reopenedDeadline,
  resetPending,
  wallClockText,
} from './accommodation-time.ts';

const at = (iso: string) => new Date(iso);
const classWindow = { opensAt: at('2030-06-10T09:00:00Z'), closesAt: at('2030-06-10T12:00:00Z') };

describe('the deadline of an attempt begun under an accommodation', () => {
  it('is start + duration without one, cut at the window end', () => {
    expect(beginDeadline(at('2030-06-10T09:00:00Z'), 60, classWindow, NO_ACCOMMODATION)).toEqual(
      at('2030-06-10T10:00:00Z'),
    );
    expect(beginDeadline(at('2030-06-10T11:30:00Z'), 60, classWindow, NO_ACCOMMODATION)).toEqual(
      classWindow.closesAt,
    );
  });

  it('multiplies the duration by the factor and adds the extra minutes', () => {
    const a = { ...NO_ACCOMMODATION, durationFactor: 1.25, extraMinutes: 10 };
    // 60 × 1.25 + 10 = 85 minutes.
    expect(beginDeadline(at('2030-06-10T09:00:00Z'), 60, classWindow, a)).toEqual(
      at('2030-06-10T10:25:00Z'),
    );
    // A fraction of a minute is kept to the millisecond: 7 × 1.5 = 10.5 minutes.
    expect(
      beginDeadline(at('2030-06-10T09:00:00Z'), 7, classWindow, {
        ...a,
        extraMinutes: 0,
        durationFactor: 1.5,
      }),
    ).toEqual(at('2030-06-10T09:10:30Z'));
    // Begun late, the class's window still ends it: extra time before the start stays in it.
    expect(beginDeadline(at('2030-06-10T11:00:00Z'), 60, classWindow, a)).toEqual(
      classWindow.closesAt,
    );
  });

  it('uses the student’s own window instead of the class’s', () => {
    const own = {
      ...NO_ACCOMMODATION,
      windowStart: at('2030-06-11T14:00:00Z'),
      windowEnd: at('2030-06-11T14:30:00Z'),
    };
    expect(admissionWindow(classWindow, own)).toEqual({
      opensAt: own.windowStart,
      closesAt: own.windowEnd,
    });
    expect(admissionWindow(classWindow, NO_ACCOMMODATION)).toBe(classWindow);
    expect(beginDeadline(at('2030-06-11T14:00:00Z'), 60, classWindow, own)).toEqual(own.windowEnd);
  });
});

describe('a running attempt given more', () => {
  const deadline = at('2030-06-10T11:55:00Z');

  it('grows by exactly the extra minutes, past the window end too', () => {
    expect(deadlineWithExtra(deadline, 10)).toEqual(at('2030-06-10T12:05:00Z'));
  });

  it('grows by duration × the change of factor', () => {
    expect(deadlineWithFactor(deadline, 60, 1, 1.25)).toEqual(at('2030-06-10T12:10:00Z'));
    expect(deadlineWithFactor(deadline, 60, 1.5, 1.25)).toEqual(at('2030-06-10T11:40:00Z'));
  });

  it('with its own window, grows to what that window allows and never shrinks', () => {
    const attempt = { startedAt: at('2030-06-10T11:30:00Z'), deadline: classWindow.closesAt };
    const later = {
      ...NO_ACCOMMODATION,
      windowStart: at('2030-06-10T09:00:00Z'),
      windowEnd: at('2030-06-10T13:00:00Z'),
    };
    expect(deadlineWithWindow(attempt, 60, later)).toEqual(at('2030-06-10T12:30:00Z'));
    const earlier = { ...later, windowEnd: at('2030-06-10T11:45:00Z') };
    expect(deadlineWithWindow(attempt, 60, earlier)).toEqual(classWindow.closesAt);
  });
});

describe('reopen and reset', () => {
  it('reopens from the later of the old deadline and now', () => {
    const now = at('2030-06-10T13:00:00Z');
    expect(reopenedDeadline(at('2030-06-10T12:00:00Z'), now, 15)).toEqual(
      at('2030-06-10T13:15:00Z'),
    );
    // Finished early, the time that was left is kept.
    expect(reopenedDeadline(at('2030-06-10T14:00:00Z'), now, 15)).toEqual(
      at('2030-06-10T14:15:00Z'),
    );
  });

  it('knows a running attempt and a reset one', () => {
    const now = at('2030-06-10T10:00:00Z');
    expect(isRunning({ deadline: at('2030-06-10T10:00:01Z'), finishedAt: null }, now)).toBe(true);
    expect(isRunning({ deadline: now, finishedAt: null }, now)).toBe(false);
    expect(isRunning({ deadline: at('2030-06-10T11:00:00Z'), finishedAt: now }, now)).toBe(false);
    expect(resetPending(1, NO_ACCOMMODATION)).toBe(false);
    expect(resetPending(1, { ...NO_ACCOMMODATION, resetNumber: 1 })).toBe(true);
    expect(resetPending(2, { ...NO_ACCOMMODATION, resetNumber: 1 })).toBe(false);
  });

  it('writes an instant on the portal’s wall clock', () => {
    expect(wallClockText(at('2030-06-10T12:05:00Z'), 'Europe/Berlin')).toBe(
      '2030-06-10 14:05 (Europe/Berlin)',
    );
  });
});
