import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { SittingTimer } from '../../contract/sittings.ts';
import { useLiveDeadline, type FollowDeadline } from './use-live-deadline.ts';

const timer = (deadline: string): SittingTimer => ({
  deadline,
  finishedAt: null,
  serverNow: '2026-11-28T09:00:00.000Z',
});

/** A server whose long polls the test answers one by one. */
function fakeServer() {
  const asked: { known: string; answer: (t: SittingTimer) => void; fail: () => void }[] = [];
  const follow: FollowDeadline = (known, signal) =>
    new Promise((resolve, reject) => {
      asked.push({ known, answer: resolve, fail: () => reject(new Error('offline')) });
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { asked, follow: vi.fn(follow) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useLiveDeadline', () => {
  it('shows the given deadline, then the server’s as soon as it differs, and asks again', async () => {
    const server = fakeServer();
    const { result } = renderHook(() => useLiveDeadline('2026-11-28T10:00:00.000Z', server.follow));
    expect(result.current).toBe('2026-11-28T10:00:00.000Z');
    await waitFor(() => expect(server.asked).toHaveLength(1));
    expect(server.asked[0]?.known).toBe('2026-11-28T10:00:00.000Z');
    // The wait ran out with nothing new: the same deadline, asked again.
    act(() => server.asked[0]?.answer(timer('2026-11-28T10:00:00.000Z')));
    await waitFor(() => expect(server.asked).toHaveLength(2));
    // Stopped: the page shows the stop, and its next poll says it knows it.
    act(() => server.asked[1]?.answer(timer('2026-11-28T09:20:00.000Z')));
    await waitFor(() => expect(result.current).toBe('2026-11-28T09:20:00.000Z'));
    await waitFor(() => expect(server.asked).toHaveLength(3));
    expect(server.asked[2]?.known).toBe('2026-11-28T09:20:00.000Z');
  });

  it('tries again a little later when a poll fails, keeping what it shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer();
    const { result } = renderHook(() => useLiveDeadline('2026-11-28T10:00:00.000Z', server.follow));
    await waitFor(() => expect(server.asked).toHaveLength(1));
    act(() => server.asked[0]?.fail());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(server.asked).toHaveLength(2);
    expect(result.current).toBe('2026-11-28T10:00:00.000Z');
  });

  it('follows nothing when disabled, and stops when the page goes away', async () => {
    const off = fakeServer();
    renderHook(() => useLiveDeadline('2026-11-28T10:00:00.000Z', off.follow, false));
    expect(off.follow).not.toHaveBeenCalled();
    const on = fakeServer();
    const { unmount } = renderHook(() => useLiveDeadline('2026-11-28T10:00:00.000Z', on.follow));
    await waitFor(() => expect(on.asked).toHaveLength(1));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(on.asked).toHaveLength(1);
  });

  it('tells the page each new timer: a finished attempt that a teacher reopened', async () => {
    const server = fakeServer();
    const heard: (string | null)[] = [];
    const { result } = renderHook(() =>
      useLiveDeadline('2026-11-28T10:00:00.000Z', server.follow, true, (t) =>
        heard.push(t.finishedAt),
      ),
    );
    await waitFor(() => expect(server.asked).toHaveLength(1));
    // Finished at 09:20: the timer the student lives ends then.
    const finished = '2026-11-28T09:20:00.000Z';
    act(() => server.asked[0]?.answer({ ...timer(finished), finishedAt: finished }));
    await waitFor(() => expect(result.current).toBe(finished));
    await waitFor(() => expect(server.asked).toHaveLength(2));
    // Reopened with 15 minutes: running again, later.
    act(() => server.asked[1]?.answer(timer('2026-11-28T10:15:00.000Z')));
    await waitFor(() => expect(result.current).toBe('2026-11-28T10:15:00.000Z'));
    expect(heard).toEqual([finished, null]);
  });
});
