/**
 * The time arithmetic of accommodations (contract/accommodations.ts), as pure functions of the
 * clock the caller passes in. The one rule every begin follows: an attempt begun at `start` ends
 * at min(start + duration × factor + extra, end of the window it may use), the window being the
 * student's own when they were given one, else the class's. An accommodation given while an
 * attempt runs moves that attempt's deadline by exactly what was given, past the class's window
 * end if need be: a student who lost ten minutes to a crashed computer near the end gets ten
 * minutes, not whatever was left of the window.
 */
import type { ChallengeWindow } from '../../compiler/time-window.ts';
import { zoneOffsetMs } from '../../time-zone.ts';

const MINUTE_MS = 60_000;

/** The student's accommodation at a sitting (sitting_accommodations); none is NO_ACCOMMODATION. */
export type Accommodation = {
  extraMinutes: number;
  durationFactor: number;
  windowStart: Date | null;
  windowEnd: Date | null;
  /** The attempt number a teacher reset; attempts up to it are over, the next open begins anew. */
  resetNumber: number | null;
};

export const NO_ACCOMMODATION: Accommodation = {
  extraMinutes: 0,
  durationFactor: 1,
  windowStart: null,
  windowEnd: null,
  resetNumber: null,
};

/** The window the student may begin in: their own when given one (it replaces the class's). */
export function admissionWindow(classWindow: ChallengeWindow, a: Accommodation): ChallengeWindow {
  return a.windowStart && a.windowEnd
    ? { opensAt: a.windowStart, closesAt: a.windowEnd }
    : classWindow;
}

/** The attempt's length before any window: duration × factor + extra (whole milliseconds). */
export function accommodatedLengthMs(durationMinutes: number, a: Accommodation): number {
  return Math.round(durationMinutes * a.durationFactor * MINUTE_MS) + a.extraMinutes * MINUTE_MS;
}

/** The deadline of an attempt begun at `startedAt` under the accommodation. */
export function beginDeadline(
  startedAt: Date,
  durationMinutes: number,
  classWindow: ChallengeWindow,
  a: Accommodation,
): Date {
  const end = admissionWindow(classWindow, a).closesAt.getTime();
  return new Date(Math.min(startedAt.getTime() + accommodatedLengthMs(durationMinutes, a), end));
}

/** An attempt that is still running: not finished, its deadline ahead (a stop aside). */
export function isRunning(
  attempt: { deadline: Date; finishedAt: Date | null },
  now: Date,
): boolean {
  return attempt.finishedAt === null && attempt.deadline.getTime() > now.getTime();
}

/** A running attempt after `minutes` extra: exactly that much later. */
export function deadlineWithExtra(deadline: Date, minutes: number): Date {
  return new Date(deadline.getTime() + minutes * MINUTE_MS);
}

/** A running attempt after the factor changed: later (or earlier) by duration × the change. */
export function deadlineWithFactor(
  deadline: Date,
  durationMinutes: number,
  from: number,
  to: number,
): Date {
  return new Date(deadline.getTime() + Math.round(durationMinutes * (to - from) * MINUTE_MS));
}

/**
 * A running attempt after the student was given their own window: as if begun under it (so a
 * deadline the class's window cut short grows to what the new window allows), never earlier than
 * it was (what was given before stays given).
 */
export function deadlineWithWindow(
  attempt: { startedAt: Date; deadline: Date },
  durationMinutes: number,
  a: Accommodation,
): Date {
  const length = attempt.startedAt.getTime() + accommodatedLengthMs(durationMinutes, a);
  const capped = a.windowEnd ? Math.min(length, a.windowEnd.getTime()) : length;
  return new Date(Math.max(attempt.deadline.getTime(), capped));
}

/** A finished or timed-out attempt reopened: max(its deadline, now) + minutes. */
export function reopenedDeadline(deadline: Date, now: Date, minutes: number): Date {
  return new Date(Math.max(deadline.getTime(), now.getTime()) + minutes * MINUTE_MS);
}

/** Whether the student's current attempt (numbered `number`) was reset: the next open begins anew. */
export function resetPending(number: number, a: Accommodation): boolean {
  return a.resetNumber !== null && number <= a.resetNumber;
}

/** "2026-11-29 14:05 (Europe/Berlin)": an instant as the portal's wall clock shows it. */
export function wallClockText(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const shown = new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString();
  return `${shown.slice(0, 10)} ${shown.slice(11, 16)} (${timeZone})`;
}
