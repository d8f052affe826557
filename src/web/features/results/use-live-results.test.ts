import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultsResponse } from '../../../contract/results.ts';
import type { ConditionalAnswer } from '../../lib/conditional-get.ts';
import { ApiError } from '../../lib/api-client.ts';
import type * as ResultsApi from './results-api.ts';

const fetchResultsAt = vi.fn<(...args: unknown[]) => Promise<ConditionalAnswer<ResultsResponse>>>();
const showFailure = vi.fn();
vi.mock('./results-api.ts', async (original) => ({
  ...(await original<typeof ResultsApi>()),
  fetchResultsAt: (...args: unknown[]) => fetchResultsAt(...args),
}));
vi.mock('../../ui/show-failure.ts', () => ({ showFailure: (e: unknown) => showFailure(e) }));

const { useLiveResults } = await import('./use-live-results.ts');

function answer(submitted: number, generatedAt = new Date().toISOString()): ResultsResponse {
  return {
    challenge: {
      challengeId: 'SUM-1',
      challengeName: 'Sum',
      score: 100,
      language: 'python',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeDur: 60,
    },
    summary: {
      started: 1,
      submitted,
      fullScore: 0,
      average: null,
      median: null,
      notStarted: 0,
      pending: 0,
    },
    total: 0,
    rows: [],
    nextCursor: null,
    generatedAt,
  };
}

const changed = (data: ResultsResponse, etag = `W/"${data.summary.submitted}"`) =>
  Promise.resolve({ changed: true as const, data, etag });
const unchanged = () => Promise.resolve({ changed: false as const });

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  fetchResultsAt.mockReset();
  showFailure.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

const query = { sort: 'name' as const, dir: 'asc' as const };

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useLiveResults', () => {
  it('loads, then polls with the last ETag; a 304 only moves the "updated" time', async () => {
    fetchResultsAt.mockImplementationOnce(() => changed(answer(0))).mockImplementation(unchanged);
    const { result } = renderHook(() => useLiveResults('tok', 'SUM-1', query, 5000));
    expect(result.current.loading).toBe(true);
    await tick(0);
    expect(result.current.loading).toBe(false);
    expect(result.current.data?.summary.submitted).toBe(0);
    const firstCheck = result.current.checkedAt;

    await tick(5000);
    expect(fetchResultsAt).toHaveBeenCalledTimes(2);
    expect(fetchResultsAt.mock.calls[1]?.[2]).toBe('W/"0"');
    expect(result.current.checkedAt?.getTime()).toBeGreaterThan(firstCheck?.getTime() ?? 0);
    expect(result.current.changedAt).toBeNull();
    expect(result.current.data?.summary.submitted).toBe(0);
  });

  it('announces a poll that brought different results, not one that differs only in time', async () => {
    fetchResultsAt
      .mockImplementationOnce(() => changed(answer(0, '2026-01-01T10:00:00Z')))
      .mockImplementationOnce(() => changed(answer(0, '2026-01-01T10:00:05Z')))
      .mockImplementationOnce(() => changed(answer(1)));
    const { result } = renderHook(() => useLiveResults('tok', 'SUM-1', query, 5000));
    await tick(0);
    await tick(5000);
    expect(result.current.changedAt).toBeNull();
    await tick(5000);
    expect(result.current.changedAt).not.toBeNull();
    expect(result.current.data?.summary.submitted).toBe(1);
  });

  it('does not poll while the tab is hidden and catches up as soon as it is shown', async () => {
    fetchResultsAt.mockImplementation(() => changed(answer(0)));
    renderHook(() => useLiveResults('tok', 'SUM-1', query, 5000));
    await tick(0);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(60_000);
    expect(fetchResultsAt).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(0);
    expect(fetchResultsAt).toHaveBeenCalledTimes(2);
  });

  it('shows one failure toast while the server stays unreachable, and keeps the rows', async () => {
    fetchResultsAt
      .mockImplementationOnce(() => changed(answer(3)))
      .mockRejectedValueOnce(new ApiError('Network error', 0))
      .mockRejectedValueOnce(new ApiError('Network error', 0))
      .mockImplementation(unchanged);
    const { result } = renderHook(() => useLiveResults('tok', 'SUM-1', query, 5000));
    await tick(0);
    await tick(5000);
    await tick(5000);
    expect(showFailure).toHaveBeenCalledTimes(1);
    expect(result.current.data?.summary.submitted).toBe(3);
    await tick(5000);
    expect(fetchResultsAt).toHaveBeenCalledTimes(4);
  });

  it('starts again, without the old ETag, when the sort or filters change', async () => {
    fetchResultsAt.mockImplementation(() => changed(answer(0)));
    const { rerender } = renderHook(
      ({ dir }: { dir: 'asc' | 'desc' }) =>
        useLiveResults('tok', 'SUM-1', { sort: 'name', dir }, 5000),
      { initialProps: { dir: 'asc' } },
    );
    await tick(0);
    rerender({ dir: 'desc' });
    await tick(0);
    expect(fetchResultsAt).toHaveBeenCalledTimes(2);
    expect(fetchResultsAt.mock.calls[1]?.[1]).toContain('dir=desc');
    expect(fetchResultsAt.mock.calls[1]?.[2]).toBeNull();
  });
});
