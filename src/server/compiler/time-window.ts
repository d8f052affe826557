/**
 * The test's time rules (DESIGN.md §4, §5): a challenge is open from the start of startDate to the
 * end of endDate in the configured time zone; an attempt's deadline is min(start + timeDur
 * minutes, end of endDate). Pure functions of the clock the caller passes in.
 */
import { zoneOffsetMs } from '../time-zone.ts';

/**
 * Days already worked out: every Submit checks its challenge's window, and four time-zone lookups
 * through Intl cost more than the rest of that check. Dates in use are few; the map is emptied
 * should it ever grow large.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

/** The first instant of a calendar date (YYYY-MM-DD) in `timeZone`; `dayOffset` moves the date. */
export function startOfDay(date: string, timeZone: string, dayOffset = 0): Date {
  const key = `${date}|${timeZone}|${dayOffset}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const wallClock = Date.UTC(y, m - 1, d + dayOffset);
  // Two passes settle the offset on days when it changes (summer time).
  let instant = wallClock - zoneOffsetMs(wallClock, timeZone);
  instant = wallClock - zoneOffsetMs(instant, timeZone);
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, instant);
  return new Date(instant);
}

export type ChallengeWindow = { opensAt: Date; closesAt: Date };

/** From the start of startDate to the end of endDate (exclusive: the next day's start). */
export function challengeWindow(
  dates: { startDate: string; endDate: string },
  timeZone: string,
): ChallengeWindow {
  return {
    opensAt: startOfDay(dates.startDate, timeZone),
    closesAt: startOfDay(dates.endDate, timeZone, 1),
  };
}

export function deadlineFor(
  startedAt: Date,
  timeDurMinutes: number,
  window: ChallengeWindow,
): Date {
  return new Date(
    Math.min(startedAt.getTime() + timeDurMinutes * 60_000, window.closesAt.getTime()),
  );
}
