/** How the results show times, durations, scores and memory: short, and the same everywhere. */
import { messages } from '../../../contract/messages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss on the teacher's clock. */
export function clockTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** yyyy-mm-dd hh:mm:ss on the teacher's clock; '—' for none. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return messages.notAvailable;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return messages.notAvailable;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clockTime(date)}`;
}

/**
 * A time in a table cell: hh:mm:ss when it is today (an exam in progress), else the date and the
 * minute. `dateTime` gives the full value for the cell's title.
 */
export function shortDateTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return messages.notAvailable;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return messages.notAvailable;
  if (date.toDateString() === now.toDateString()) return clockTime(date);
  const full = dateTime(iso);
  return full.slice(0, full.length - 3);
}

/** 42 s · 12 min 05 s · 1 h 02 min. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return messages.notAvailable;
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
}

/** At most one decimal, none when whole (scores are weighted, so 33.3 happens). */
export function score(value: number | null | undefined): string {
  if (value === null || value === undefined) return messages.notAvailable;
  return String(Math.round(value * 10) / 10);
}

export function memory(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return messages.notAvailable;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
