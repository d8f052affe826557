/**
 * Times in the exports as the server's time zone (TZ) shows them: a spreadsheet cell has no time
 * zone, so a teacher reading "09:05" must get the campus's 09:05, not UTC's.
 */
import { zoneOffsetMs } from '../time-zone.ts';

const QUARTER_HOUR_MS = 15 * 60 * 1000;

export type WallClock = {
  /** A Date whose UTC fields are the wall-clock time (what exceljs writes into a date cell). */
  asUtcDate(isoTime: string): Date;
  /** "yyyy-mm-dd hh:mm:ss" (CSV). */
  text(isoTime: string): string;
};

export function createWallClock(timeZone: string): WallClock {
  // Offsets change at most on quarter hours: one Intl call per quarter hour instead of per cell
  // keeps 10,000 rows x 3 times cheap.
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const slot = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      offset = zoneOffsetMs(slot * QUARTER_HOUR_MS, timeZone);
      offsets.set(slot, offset);
    }
    return offset;
  };
  const asUtcDate = (isoTime: string) => {
    const ms = Date.parse(isoTime);
    return new Date(ms + offsetAt(ms));
  };
  return {
    asUtcDate,
    text: (isoTime) => asUtcDate(isoTime).toISOString().slice(0, 19).replace('T', ' '),
  };
}

/** Today's date in the time zone, yyyy-mm-dd (the export's file name). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return createWallClock(timeZone).asUtcDate(now.toISOString()).toISOString().slice(0, 10);
}
