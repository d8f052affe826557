import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const showFailure = vi.fn();
vi.mock('./show-failure.ts', () => ({ showFailure: (e: unknown) => showFailure(e) }));

const { usePolling } = await import('./use-polling.ts');

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  showFailure.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('usePolling', () => {
  it('loads at once, then every interval, with the latest answer', async () => {
    let n = 0;
    const load = vi.fn(() => Promise.resolve(++n));
    const { result } = renderHook(() =>
      usePolling({ key: 'a', active: true, intervalMs: 2000, load }),
    );
    expect(result.current).toBeNull();
    await tick(0);
    expect(result.current).toBe(1);
    await tick(1999);
    expect(load).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(result.current).toBe(2);
  });

  it('asks nothing while inactive, and stops when keepGoing says no', async () => {
    const values = [3, 1, 0, 5];
    const load = vi.fn(() => Promise.resolve(values.shift() ?? 0));
    const { result, rerender } = renderHook(
      ({ active }) =>
        usePolling({ key: 'k', active, intervalMs: 1000, load, keepGoing: (v) => v > 0 }),
      { initialProps: { active: false } },
    );
    await tick(5000);
    expect(load).not.toHaveBeenCalled();
    rerender({ active: true });
    await tick(0);
    await tick(1000);
    await tick(1000);
    expect(result.current).toBe(0);
    await tick(10_000);
    expect(load).toHaveBeenCalledTimes(3);
    // A hidden-then-shown tab does not wake a finished loop.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(0);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('pauses while the tab is hidden and catches up when it is shown', async () => {
    const load = vi.fn(() => Promise.resolve('x'));
    renderHook(() => usePolling({ key: 'k', active: true, intervalMs: 5000, load }));
    await tick(0);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(20_000);
    expect(load).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('toasts a failure once while it lasts, and keeps trying', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Network down'))
      .mockRejectedValueOnce(new Error('Network down'))
      .mockResolvedValueOnce('back')
      .mockRejectedValueOnce(new Error('Again'));
    const { result } = renderHook(() =>
      usePolling({ key: 'k', active: true, intervalMs: 1000, load }),
    );
    await tick(0);
    await tick(1000);
    expect(showFailure).toHaveBeenCalledTimes(1);
    await tick(1000);
    expect(result.current).toBe('back');
    await tick(1000);
    expect(showFailure).toHaveBeenCalledTimes(2);
  });

  it('forgets the answer of another key', async () => {
    const load = vi.fn((signal: AbortSignal) => Promise.resolve(signal.aborted ? 'no' : 'yes'));
    const { result, rerender } = renderHook(
      ({ key }) => usePolling({ key, active: true, intervalMs: 1000, load }),
      { initialProps: { key: 'one' } },
    );
    await tick(0);
    expect(result.current).toBe('yes');
    rerender({ key: 'two' });
    expect(result.current).toBeNull();
    await tick(0);
    expect(result.current).toBe('yes');
  });
});
