/**
 * A time zone's offset from UTC at an instant, read from Intl (the tz database Node ships), for
 * the challenge's dates and times (compiler/time-window.ts) and the exports' wall-clock times
 * (results/wall-clock.ts). One formatter per zone: building one costs more than using it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `instant` (ms since the epoch), in ms, positive east of Greenwich. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  // The formatter drops milliseconds: compare with the instant's whole second.
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}
