import { describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry.ts';

describe('withRetry', () => {
  it('returns the first success and reports each failure', async () => {
    const onFailure = vi.fn();
    const task = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(new Error('one'))
      .mockRejectedValueOnce(new Error('two'))
      .mockResolvedValue('sent');
    await expect(withRetry(task, { attempts: 4, firstDelayMs: 1 }, { onFailure })).resolves.toBe(
      'sent',
    );
    expect(task.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    expect(onFailure.mock.calls.map(([, attempt, willRetry]) => [attempt, willRetry])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('gives up after the last attempt with its error', async () => {
    const onFailure = vi.fn();
    const task = vi.fn(async (attempt: number) => {
      throw new Error(`failure ${attempt}`);
    });
    await expect(withRetry(task, { attempts: 3, firstDelayMs: 1 }, { onFailure })).rejects.toThrow(
      'failure 3',
    );
    expect(task).toHaveBeenCalledTimes(3);
    expect(onFailure.mock.calls.at(-1)?.[2]).toBe(false);
  });

  it('waits firstDelayMs, then twice as long each time', async () => {
    vi.useFakeTimers();
    try {
      const times: number[] = [];
      const task = vi.fn(async () => {
        times.push(Date.now());
        throw new Error('down');
      });
      const run = withRetry(task, { attempts: 4, firstDelayMs: 1000 }).catch(() => undefined);
      await vi.runAllTimersAsync();
      await run;
      expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual([1000, 2000, 4000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting and gives up when the signal aborts', async () => {
    const controller = new AbortController();
    const task = vi.fn(async () => {
      throw new Error('down');
    });
    const run = withRetry(
      task,
      { attempts: 5, firstDelayMs: 60_000 },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(run).rejects.toThrow('down');
    expect(task).toHaveBeenCalledTimes(1);
  });
});
