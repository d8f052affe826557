import { describe, expect, it, vi } from 'vitest';
import type { SignalEvent } from '../../../contract/signals.ts';
import { ApiError } from '../../lib/api-client.ts';
import { flushSignals } from './signal-sender.ts';

const events = (n: number): SignalEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    at: new Date(i * 1000).toISOString(),
    kind: 'reload',
  }));

describe('flushSignals', () => {
  it('sends in batches of fifty, oldest first, and empties the queue', async () => {
    const send = vi.fn(async (_batch: SignalEvent[]) => undefined);
    const progress = vi.fn(async () => undefined);
    const result = await flushSignals(events(120), send, progress);
    expect(result.remaining).toEqual([]);
    expect(send.mock.calls.map(([batch]) => batch.length)).toEqual([50, 50, 20]);
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('keeps the queue when the network is down, and retries later', async () => {
    const queue = events(3);
    const result = await flushSignals(
      queue,
      async () => {
        throw new ApiError('offline', 0);
      },
      async () => undefined,
    );
    expect(result).toEqual({ remaining: queue, retryAfterMs: 5_000 });
  });

  it('waits a minute when the server says too fast', async () => {
    const result = await flushSignals(
      events(1),
      async () => {
        throw new ApiError('slow down', 429);
      },
      async () => undefined,
    );
    expect(result.retryAfterMs).toBe(60_000);
  });

  it('drops a batch the server refuses for good and goes on', async () => {
    let calls = 0;
    const result = await flushSignals(
      events(60),
      async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('full', 409);
      },
      async () => undefined,
    );
    expect(result.remaining).toEqual([]);
    expect(calls).toBe(2);
  });
});
