/** How a program's run time reads on the student's page and in the teacher's Results alike. */
import { messages } from '../../contract/messages.ts';
import type { Verdict } from '../../contract/verdicts.ts';

/** Milliseconds under a second, seconds with two decimals from there. */
export const timeText = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;

/**
 * A run's time. A run stopped by the time limit reads "over 1.00 s": its time is the limit (the
 * judge reports the limit, judge/classify.ts), and what the sandbox measured past it is not the
 * program's time. It showed "1.99 s" under a 1 s limit, which a teacher took for a wrong limit.
 */
export function runTimeText(ms: number, verdict: Verdict): string {
  if (verdict !== 'Time Limit Exceeded') return timeText(ms);
  return messages.timeOverLimit.replace('{seconds}', (ms / 1000).toFixed(2));
}
