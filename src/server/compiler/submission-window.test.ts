import { describe, expect, it } from 'vitest';
import { submissionTiming } from './submission-window.ts';

const startedAt = new Date('2026-11-22T09:00:00Z');
const deadline = new Date('2026-11-22T10:00:00Z');
const attempt = { startedAt, deadline };
const rules = { graceSeconds: 30, offlineAllowanceSeconds: 300 };
const at = (secondsAfterDeadline: number) =>
  new Date(deadline.getTime() + secondsAfterDeadline * 1000);

describe('submissionTiming', () => {
  it('accepts anything that arrives before the deadline plus the grace', () => {
    expect(submissionTiming(attempt, at(-600), rules, undefined)).toBe('in-time');
    expect(submissionTiming(attempt, at(30), rules, undefined)).toBe('in-time');
    expect(submissionTiming(attempt, at(31), rules, undefined)).toBe('time-up');
  });

  it('accepts a submission queued offline in time until the offline allowance ends', () => {
    expect(submissionTiming(attempt, at(200), rules, at(-5))).toBe('in-time');
    expect(submissionTiming(attempt, at(300), rules, at(25))).toBe('in-time');
    expect(submissionTiming(attempt, at(301), rules, at(-5))).toBe('offline-too-late');
  });

  it('refuses a submission queued after the deadline and grace, however it arrives', () => {
    expect(submissionTiming(attempt, at(60), rules, at(45))).toBe('time-up');
  });

  it('does not believe queue times before the attempt began or from the future', () => {
    expect(submissionTiming(attempt, at(100), rules, new Date(startedAt.getTime() - 1000))).toBe(
      'time-up',
    );
    expect(submissionTiming(attempt, at(100), rules, at(400))).toBe('time-up');
  });

  it('never gives an offline submission less than the grace', () => {
    const strict = { graceSeconds: 30, offlineAllowanceSeconds: 0 };
    expect(submissionTiming(attempt, at(20), strict, at(-1))).toBe('in-time');
    expect(submissionTiming(attempt, at(40), strict, at(-1))).toBe('offline-too-late');
  });
});
