import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { BusyNotice } from '../ui/busy-notice.tsx';
import { ApiError } from './api-client.ts';
import { busyRetryAfter, useBusyRetry } from './use-busy-retry.ts';

afterEach(() => {
  vi.useRealTimers();
});

const busy = (seconds: number) => new ApiError('Many people are signing in', 503, seconds);

describe('busyRetryAfter', () => {
  it('reads the seconds of a 503 with Retry-After, and nothing else', () => {
    expect(busyRetryAfter(busy(2))).toBe(2);
    expect(busyRetryAfter(new ApiError('busy', 503))).toBeUndefined();
    expect(busyRetryAfter(new ApiError('slow down', 429, 5))).toBeUndefined();
    expect(busyRetryAfter(new Error('x'))).toBeUndefined();
    expect(busyRetryAfter(undefined)).toBeUndefined();
  });
});

describe('useBusyRetry', () => {
  it('waits out Retry-After counting down, then sends the same call once more', async () => {
    vi.useFakeTimers();
    const call = vi.fn<() => Promise<string>>();
    call.mockRejectedValueOnce(busy(2)).mockResolvedValueOnce('signed in');
    const { result } = renderHook(() => useBusyRetry());
    let answer: Promise<string> = Promise.resolve('');
    await act(async () => {
      answer = result.current.run(call);
    });
    expect(result.current.countdown).toEqual({ seconds: 2, left: 2 });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.countdown).toEqual({ seconds: 2, left: 1 });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(await answer).toBe('signed in');
    expect(call).toHaveBeenCalledTimes(2);
    expect(result.current.countdown).toBeUndefined();
  });

  it('retries once only: a second refusal is the caller’s to show', async () => {
    vi.useFakeTimers();
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(busy(1));
    const { result } = renderHook(() => useBusyRetry());
    let outcome: Promise<unknown> = Promise.resolve();
    await act(async () => {
      outcome = result.current.run(call).catch((error: unknown) => error);
    });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('does not wait for other failures, nor for a Retry-After too long to hold the page', async () => {
    const { result } = renderHook(() => useBusyRetry());
    const wrong = vi.fn(() => Promise.reject(new ApiError('Invalid credentials', 401)));
    await expect(result.current.run(wrong)).rejects.toThrow('Invalid credentials');
    const long = vi.fn(() => Promise.reject(busy(600)));
    await expect(result.current.run(long)).rejects.toBeInstanceOf(ApiError);
    expect(wrong).toHaveBeenCalledTimes(1);
    expect(long).toHaveBeenCalledTimes(1);
  });

  it('sends nothing more once the page is gone', async () => {
    vi.useFakeTimers();
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy(2));
    const { result, unmount } = renderHook(() => useBusyRetry());
    let outcome: Promise<unknown> = Promise.resolve();
    await act(async () => {
      outcome = result.current.run(call).catch((error: unknown) => error);
    });
    unmount();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('BusyNotice', () => {
  it('shows the seconds left and announces the wait once in a live region', () => {
    const { rerender } = render(<BusyNotice countdown={undefined} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByTestId('busy-notice')).toBeNull();
    rerender(<BusyNotice countdown={{ seconds: 2, left: 2 }} />);
    expect(screen.getByTestId('busy-notice').textContent).toContain(
      'Trying again by itself in 2 s',
    );
    rerender(<BusyNotice countdown={{ seconds: 2, left: 1 }} />);
    expect(screen.getByTestId('busy-notice').textContent).toContain('in 1 s');
    // The live region keeps its first words: it is not read again every second.
    expect(screen.getByRole('status').textContent).toContain('in 2 s');
  });
});
