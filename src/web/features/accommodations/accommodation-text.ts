/**
 * How the dialog writes times and log entries: instants on the portal's wall clock (the zone the
 * server names, as every window is read), so a teacher elsewhere reads the room's times.
 */
import {
  accommodationMessages as m,
  type AccommodationLogEntry,
  type AccommodationResponse,
} from '../../../contract/accommodations.ts';
import { messages } from '../../../contract/messages.ts';

/** "2030-06-10 14:05" in `timeZone`. */
export function zonedText(iso: string | null, timeZone: string): string {
  if (!iso) return messages.notAvailable;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The student's state in words, with the time that matters. */
export function stateText(view: AccommodationResponse): string {
  const { attempt, timeZone } = view;
  switch (view.state) {
    case 'not-started':
      return m.stateNotStarted;
    case 'reset':
      return m.stateResetPending;
    case 'finished':
      return m.stateFinished.replace('{time}', zonedText(attempt?.finishedAt ?? null, timeZone));
    case 'over':
      return m.stateOver.replace('{time}', zonedText(attempt?.deadline ?? null, timeZone));
    case 'working':
      return m.stateWorking.replace('{time}', zonedText(attempt?.deadline ?? null, timeZone));
  }
}

/** "+25 min · × 1.5 · own window …", or that there is none. */
export function accommodationSummary(view: AccommodationResponse): string {
  const { extraMinutes, durationFactor, windowStart, windowEnd } = view.accommodation;
  const parts = [
    extraMinutes > 0 ? m.summaryExtra.replace('{minutes}', String(extraMinutes)) : '',
    durationFactor !== 1 ? m.summaryFactor.replace('{factor}', String(durationFactor)) : '',
    windowStart && windowEnd
      ? m.summaryWindow
          .replace('{start}', zonedText(windowStart, view.timeZone))
          .replace('{end}', zonedText(windowEnd, view.timeZone))
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : m.summaryNone;
}

export function logWhat(entry: AccommodationLogEntry, timeZone: string): string {
  const what = (() => {
    switch (entry.kind) {
      case 'extra_time':
        return m.logExtra.replace('{minutes}', String(entry.minutes ?? 0));
      case 'factor':
        return m.logFactor.replace('{factor}', String(entry.factor ?? 1));
      case 'window':
        return m.logWindow
          .replace('{start}', zonedText(entry.windowStart, timeZone))
          .replace('{end}', zonedText(entry.windowEnd, timeZone));
      case 'reopen':
        return m.logReopen.replace('{minutes}', String(entry.minutes ?? 0));
      case 'reset':
        return m.logReset;
    }
  })();
  const attempt =
    entry.attemptNumber === null
      ? ''
      : ` (${m.attemptNumber.replace('{n}', String(entry.attemptNumber))})`;
  const moved =
    entry.deadlineBefore && entry.deadlineAfter && entry.deadlineBefore !== entry.deadlineAfter
      ? ` · ${m.logDeadline
          .replace('{before}', zonedText(entry.deadlineBefore, timeZone))
          .replace('{after}', zonedText(entry.deadlineAfter, timeZone))}`
      : '';
  return `${what}${attempt}${moved}`;
}
