/**
 * The test's time rules (DESIGN.md §4, §5; src/contract/challenge-times.ts states them): a
 * challenge is open from (startDate, startTime) to the end of the minute (endDate, endTime),
 * wall-clock values read in the configured time zone; an attempt's deadline is
 * min(start + timeDur minutes, the window's close). Pure functions of the clock the caller
 * passes in.
 */
import { DEFAULT_START_TIME, type WindowTimes } from '../../contract/challenge-times.ts';
import { zoneOffsetMs } from '../time-zone.ts';

/**
 * Wall-clock moments already worked out: every Submit checks its challenge's window, and the
 * time-zone lookups through Intl cost more than the rest of that check. Moments in use are few
 * (two per challenge); the map is emptied should it ever grow large.
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 10_000;
const MINUTE_MS = 60_000;
/** Far enough from a moment to be clear of a summer-time change, near enough to meet no other. */
const DAY_MS = 86_400_000;

/**
 * The instant the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM), moved by
 * `minutesAfter` minutes of wall clock (1440 is the same time on the next day, whatever the day's
 * length). A moment skipped by a summer-time change is read with the offset before the change
 * (02:30 in a gap from 02:00 to 03:00 is 03:30); a moment that happens twice is the first of the
 * two (RFC 5545 §3.3.5, Temporal's 'compatible').
 *
 * Each candidate offset is the one in force a day before or after; a candidate is the answer if
 * the zone really shows that offset at it. Reading the offset at the guess itself, twice (what
 * this did before times existed), answered the second of two occurrences, and for a day that
 * starts with a gap (America/Santiago, 2026-09-06: 00:00 jumps to 01:00) an hour of the day
 * before.
 */
export function wallClockInstant(
  date: string,
  time: string,
  timeZone: string,
  minutesAfter = 0,
): Date {
  const key = `${date}|${time}|${timeZone}|${minutesAfter}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  // The wall clock's reading as if it were UTC; Date.UTC carries minutes over into days.
  const wallClock = Date.UTC(y, m - 1, d, hh, mm + minutesAfter);
  const before = wallClock - zoneOffsetMs(wallClock - DAY_MS, timeZone);
  const after = wallClock - zoneOffsetMs(wallClock + DAY_MS, timeZone);
  const shown = (instant: number) => instant + zoneOffsetMs(instant, timeZone) === wallClock;
  const instant =
    shown(before) && shown(after) ? Math.min(before, after) : shown(after) ? after : before; // `before` is shown, or neither is (a gap): the offset before the change.
  if (instants.size >= INSTANTS_KEPT) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}

/** The first instant of a calendar date (YYYY-MM-DD) in `timeZone`; `dayOffset` moves the date. */
export function startOfDay(date: string, timeZone: string, dayOffset = 0): Date {
  return wallClockInstant(date, DEFAULT_START_TIME, timeZone, dayOffset * 24 * 60);
}

export type ChallengeWindow = { opensAt: Date; closesAt: Date };

/**
 * From (startDate, startTime) to the end of the minute (endDate, endTime) (exclusive: the next
 * minute's start, so 23:59 closes at the next day's 00:00).
 */
export function challengeWindow(w: WindowTimes, timeZone: string): ChallengeWindow {
  return {
    opensAt: wallClockInstant(w.startDate, w.startTime, timeZone),
    closesAt: wallClockInstant(w.endDate, w.endTime, timeZone, 1),
  };
}

export function deadlineFor(
  startedAt: Date,
  timeDurMinutes: number,
  window: ChallengeWindow,
): Date {
  return new Date(
    Math.min(startedAt.getTime() + timeDurMinutes * MINUTE_MS, window.closesAt.getTime()),
  );
}
