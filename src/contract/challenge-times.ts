/**
 * A challenge's opening and closing times to the minute (issue 32, item 1), beside the spec's
 * two dates. The rule, written down once (src/server/compiler/time-window.ts implements it):
 *
 * - Dates and times are wall-clock values read in the portal's time zone (`TZ`), never instants:
 *   changing `TZ` moves every window with it, as it always moved the dates.
 * - The test opens at (startDate, startTime) and closes at the END of the minute
 *   (endDate, endTime): it is open through endTime and refused from the next minute on. So the
 *   default 23:59 closes at the next day's 00:00, exactly as endDate alone did before times
 *   existed, and 00:00 to 23:59 (the defaults) is the old whole-day window.
 * - Across a summer-time change: a time that does not exist (the hour skipped in spring, e.g.
 *   02:30 on 2026-03-29 in Europe/Berlin) is read with the offset before the change, so it falls
 *   as far after the change as it was after its start (03:30); a time that happens twice (the
 *   hour repeated in autumn, 02:30 on 2026-10-25) is its first occurrence. Both are the rules of
 *   iCalendar (RFC 5545 §3.3.5) and JavaScript's Temporal ('compatible').
 *
 * `startTime` and `endTime` are optional in the calls: a new challenge without them gets the
 * defaults, an update without them keeps the stored ones, so the spec's calls are unchanged.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

export const DEFAULT_START_TIME = '00:00';
export const DEFAULT_END_TIME = '23:59';

/** "HH:MM" on the 24-hour clock, as `<input type="time">` gives it. */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const timeOfDaySchema = z
  .string({ error: messages.invalidTime })
  .trim()
  .regex(TIME_OF_DAY_PATTERN, { error: messages.invalidTime });

export type WindowTimes = {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
};

/**
 * The window's end comes before its start on the wall clock: only possible on the same date
 * (the dates' own order is checked first, with the spec-era message). Equal times are a window
 * of one minute.
 */
export function endsBeforeStart(w: WindowTimes): boolean {
  return w.endDate === w.startDate && w.endTime < w.startTime;
}

/** One edge as a list shows it: the date alone at its default time, else the date and time. */
function edge(date: string, time: string, defaultTime: string): string {
  return time === defaultTime ? date : `${date} ${time}`;
}

/** With the zone after it, when a time is shown and the zone is known. */
function zoned(text: string, date: string, timeZone: string | undefined): string {
  return text !== date && timeZone ? `${text} (${timeZone})` : text;
}

/**
 * The {date} of testNotOpenYet: "2026-05-01" at the default 00:00 (the message students have
 * always read), else "2026-05-01 09:00 (Europe/Berlin)".
 */
export function opensText(
  w: Pick<WindowTimes, 'startDate' | 'startTime'>,
  timeZone: string | undefined,
): string {
  return zoned(edge(w.startDate, w.startTime, DEFAULT_START_TIME), w.startDate, timeZone);
}

/** The {date} of testClosed: the date alone at the default 23:59, else date, time and zone. */
export function closesText(
  w: Pick<WindowTimes, 'endDate' | 'endTime'>,
  timeZone: string | undefined,
): string {
  return zoned(edge(w.endDate, w.endTime, DEFAULT_END_TIME), w.endDate, timeZone);
}

/**
 * The window as the teacher's list shows it, in two parts that may wrap apart: the zone once, at
 * the end, when either edge shows a time.
 */
export function windowTexts(
  w: WindowTimes,
  timeZone: string | undefined,
): { opens: string; closes: string } {
  const opens = edge(w.startDate, w.startTime, DEFAULT_START_TIME);
  const closes = edge(w.endDate, w.endTime, DEFAULT_END_TIME);
  const timed = opens !== w.startDate || closes !== w.endDate;
  return { opens, closes: timed && timeZone ? `${closes} (${timeZone})` : closes };
}
