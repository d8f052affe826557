import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { problemScope } from '../../lib/problem-scope.ts';
import { serverClock } from '../../ui/server-clock.ts';
import { loadQueue } from './submission-queue.ts';
import { useSubmissions } from './use-submissions.ts';

const clock = serverClock(new Date().toISOString());

function setup(owner: string, examCode?: string) {
  // Made once: the page's credentials are memoised, and the hook's effects follow them.
  const credentials = { token: 't', appKey: 'k', ...(examCode ? { examCode } : {}) };
  const handlers = { onJudged: vi.fn(), onRefused: vi.fn() };
  return renderHook(() =>
    useSubmissions({
      owner,
      challengeId: 'SUM',
      scope: problemScope('SUM', examCode),
      credentials,
      clock,
      ...handlers,
    }),
  );
}

describe('useSubmissions under an exam', () => {
  it('queues an offline submission as the exam problem’s and sends it later with the exam’s code', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const unused = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', unused);
    const { result } = setup('u-q1', 'Mid-1');
    await act(async () => {
      expect(await result.current.submit('print(3)')).toEqual({ kind: 'queued' });
    });
    // Kept as the exam's problem: not in the queue of the same challenge sat alone.
    const queued = await loadQueue('u-q1', problemScope('SUM', 'Mid-1'));
    expect(queued).toMatchObject([{ code: 'print(3)', examCode: 'Mid-1' }]);
    expect(await loadQueue('u-q1', 'SUM')).toEqual([]);

    // Back online: the queue is sent, under its exam. (Answered as given up by the judge, so
    // the hook does not go on to follow it.)
    const sent = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        Response.json({
          status: 'failed',
          submissionId: queued[0]?.submissionId,
          challengeId: 'SUM',
          createdAt: new Date().toISOString(),
          message: 'not judged',
        }),
      ),
    );
    vi.stubGlobal('fetch', sent);
    await act(() => result.current.flush());
    const submit = sent.mock.calls.find(([url]) => url === '/api/compiler/submit');
    expect(JSON.parse(String(submit?.[1]?.body))).toMatchObject({
      challengeId: 'SUM',
      code: 'print(3)',
      examCode: 'Mid-1',
      submissionId: queued[0]?.submissionId,
      queuedAt: queued[0]?.queuedAt,
    });
    await waitFor(async () =>
      expect(await loadQueue('u-q1', problemScope('SUM', 'Mid-1'))).toEqual([]),
    );
    expect(unused).not.toHaveBeenCalledWith('/api/compiler/submit', expect.anything());
  });

  it('sends no exam code for a challenge sat alone', async () => {
    const sent = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ message: 'closed' }, { status: 403 })),
    );
    vi.stubGlobal('fetch', sent);
    const { result } = setup('u-q2');
    await act(async () => {
      await expect(result.current.submit('x')).rejects.toThrow('closed');
    });
    const submit = sent.mock.calls.find(([url]) => url === '/api/compiler/submit');
    expect(JSON.parse(String(submit?.[1]?.body))).not.toHaveProperty('examCode');
  });
});
