/**
 * The server's clock as seen from this page: the offset between the two clocks is measured once,
 * when the statement (with `serverNow`) arrives. The countdown and the time stamp of a submission
 * queued offline use it, because the deadline was fixed by the server's clock, not the computer's.
 */
export type ServerClock = { now: () => number };

export function serverClock(serverNow: string, receivedAt: number = Date.now()): ServerClock {
  const offset = Date.parse(serverNow) - receivedAt;
  return { now: () => Date.now() + offset };
}

/** 01:05:09, or 04:59 under an hour. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
