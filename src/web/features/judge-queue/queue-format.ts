/** How the queue panel writes ages and times: short, as the Results view writes them. */
import { messages } from '../../../contract/messages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** 42 s · 12 min 05 s · 1 h 02 min; '—' when nothing waits. */
export function age(seconds: number | null): string {
  if (seconds === null) return messages.notAvailable;
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
}

/**
 * hh:mm:ss on the teacher's clock. A time of day, not "5 s ago": the server's and the teacher's
 * clocks may differ, and a heartbeat must never look older (or newer) than it is.
 */
export function clock(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return messages.notAvailable;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
