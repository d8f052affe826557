/**
 * Sending waiting exam events (issue 17), a batch at a time, oldest first. Pure of the browser:
 * the send call is given, so the delivery rules are tested alone.
 *
 * - Sent, or answered as duplicates: removed (the server keeps each event id once, so sending a
 *   batch again after a lost answer is harmless).
 * - No answer, a server fault, an expired token (401), too fast (429): kept, and the flush stops;
 *   the page tries again later (every few seconds, when the network returns, when it reopens).
 * - Any other refusal (400, 404, 409 attempt full): dropped, since sending it again would be
 *   refused again, and a queue that never empties would be resent forever.
 */
import { MAX_SIGNALS_PER_BATCH, type SignalEvent } from '../../../contract/signals.ts';
import { ApiError } from '../../lib/api-client.ts';

/** What is left to send; with `retryAfterMs` when the flush stopped to try again later. */
export type FlushResult = { remaining: SignalEvent[]; retryAfterMs?: number };

const keepFor = (error: unknown): number | undefined => {
  if (!(error instanceof ApiError)) return 5_000;
  if (error.status === 429) return 60_000;
  if (error.status === 0 || error.status === 401 || error.status === 408 || error.status >= 500)
    return 5_000;
  return undefined;
};

export async function flushSignals(
  queue: readonly SignalEvent[],
  send: (events: SignalEvent[]) => Promise<unknown>,
  /** Called after each batch leaves the queue, so the stored copy follows. */
  onProgress: (remaining: SignalEvent[]) => Promise<void>,
): Promise<FlushResult> {
  let remaining = [...queue];
  while (remaining.length > 0) {
    const batch = remaining.slice(0, MAX_SIGNALS_PER_BATCH);
    try {
      await send(batch);
    } catch (error) {
      const wait = keepFor(error);
      if (wait !== undefined) return { remaining, retryAfterMs: wait };
    }
    remaining = remaining.slice(batch.length);
    await onProgress(remaining);
  }
  return { remaining };
}
