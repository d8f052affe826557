import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JudgeStatus } from '../../../contract/judge-queue.ts';
import { messages } from '../../../contract/messages.ts';

const api = vi.hoisted(() => ({ fetchJudgeStatus: vi.fn(), requestRejudge: vi.fn() }));
vi.mock('../../lib/judge-queue-api.ts', () => api);

const { JudgeQueuePanel } = await import('./judge-queue-panel.tsx');

const worker = (id: string, alive: boolean): JudgeStatus['workerList'][number] => ({
  id,
  host: `judge-${id}`,
  pid: 4100,
  concurrency: 2,
  running: alive ? 1 : 0,
  judged: 1234,
  startedAt: '2026-05-01T08:00:00.000Z',
  heartbeatAt: '2026-05-01T09:30:05.000Z',
  alive,
});

const status = (waiting: number, workerList = [worker('a', true), worker('b', false)]) => ({
  waiting,
  running: 2,
  workers: workerList.filter((w) => w.alive).length,
  oldestWaitingSeconds: waiting > 0 ? 75 : null,
  workerList,
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function figure(name: string): string {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('JudgeQueuePanel', () => {
  it('shows the queue figures and each worker, alive or not in words', async () => {
    api.fetchJudgeStatus.mockResolvedValue(status(12));
    render(<JudgeQueuePanel token="admin" />);
    expect(screen.getByRole('region', { name: messages.judgeQueueTitle })).toBeTruthy();
    expect(screen.getByTestId('judge-queue-updated').textContent).toBe(messages.loading);
    await tick(0);
    expect(api.fetchJudgeStatus).toHaveBeenCalledWith('admin', undefined, expect.any(AbortSignal));
    expect(figure(messages.judgeQueueWaiting)).toBe('12');
    expect(figure(messages.judgeQueueRunning)).toBe('2');
    expect(figure(messages.judgeQueueOldest)).toBe('1 min 15 s');
    expect(figure(messages.judgeQueueWorkersAlive)).toBe('1 of 2');

    const table = screen.getByRole('table', { name: messages.judgeQueueWorkersCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'judge-a',
      'judge-b',
    ]);
    const [alive, silent] = rows.map((row) => row.textContent ?? '');
    expect(alive).toContain(messages.workerAlive);
    expect(alive).toContain((1234).toLocaleString());
    expect(silent).toContain(messages.workerSilent);
    expect(screen.getByTestId('judge-queue-updated').textContent).toMatch(
      /^Updated \d\d:\d\d:\d\d · refreshes every 5 seconds$/,
    );
  });

  it('refreshes every 5 seconds, and says when no worker has reported', async () => {
    api.fetchJudgeStatus.mockResolvedValueOnce(status(0, [])).mockResolvedValue(status(3));
    render(<JudgeQueuePanel token="admin" />);
    await tick(0);
    expect(screen.getByText(messages.judgeQueueNoWorkers)).toBeTruthy();
    expect(figure(messages.judgeQueueOldest)).toBe(messages.notAvailable);
    await tick(4999);
    expect(api.fetchJudgeStatus).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(api.fetchJudgeStatus).toHaveBeenCalledTimes(2);
    expect(figure(messages.judgeQueueWaiting)).toBe('3');
    expect(screen.queryByText(messages.judgeQueueNoWorkers)).toBeNull();
  });
});
