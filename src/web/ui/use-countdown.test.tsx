import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { serverClock } from './server-clock.ts';
import { useCountdown } from './use-countdown.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down on the server clock and reports time up exactly once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const clock = serverClock('2026-11-22T10:00:00Z');
    const deadline = Date.parse('2026-11-22T10:00:03Z');
    const onTimeUp = vi.fn();
    const { result } = renderHook(() => useCountdown(deadline, clock, onTimeUp));
    expect(result.current).toBe(3000);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(1000);
    expect(onTimeUp).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBeLessThanOrEqual(0);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('reports time up at once when the page opens after the deadline', () => {
    const clock = serverClock(new Date().toISOString());
    const onTimeUp = vi.fn();
    renderHook(() => useCountdown(Date.now() - 1000, clock, onTimeUp));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('counts again after a later deadline, and reports that one’s end too', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const clock = serverClock('2026-11-22T10:00:00Z');
    const onTimeUp = vi.fn();
    const { result, rerender } = renderHook(
      ({ deadline }: { deadline: number }) => useCountdown(deadline, clock, onTimeUp),
      { initialProps: { deadline: Date.parse('2026-11-22T10:00:01Z') } },
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    // Reopened with two more minutes.
    rerender({ deadline: Date.parse('2026-11-22T10:02:02Z') });
    expect(result.current).toBe(120_000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(61_000));
    expect(onTimeUp).toHaveBeenCalledTimes(2);
  });
});
