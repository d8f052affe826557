import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JudgeStatus } from '../../../contract/judge-queue.ts';
import { messages } from '../../../contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';

const api = vi.hoisted(() => ({ fetchJudgeStatus: vi.fn(), requestRejudge: vi.fn() }));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../lib/judge-queue-api.ts', () => api);
vi.mock('../../ui/toast.ts', () => toast);

const { RejudgeChallenge } = await import('./rejudge-challenge.tsx');

const status = (pending: number, total = 4): JudgeStatus => ({
  waiting: pending,
  running: 0,
  workers: 1,
  oldestWaitingSeconds: null,
  workerList: [],
  challenge: { pending, total },
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const rejudgeButton = () => screen.getByRole('button', { name: messages.rejudgeAllButton });

describe('RejudgeChallenge', () => {
  it('asks nothing of the server until a re-judge is started', async () => {
    render(<RejudgeChallenge token="t" challengeId="SUM-1" />);
    await tick(10_000);
    expect(api.fetchJudgeStatus).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('confirms, queues, toasts the answer, then follows the progress to the end', async () => {
    api.requestRejudge.mockResolvedValue({ message: '4 queued', queued: 4, students: 2 });
    api.fetchJudgeStatus
      .mockResolvedValueOnce(status(3))
      .mockResolvedValueOnce(status(1))
      .mockResolvedValueOnce(status(0));
    render(<RejudgeChallenge token="t" challengeId="SUM-1" />);

    fireEvent.click(rejudgeButton());
    const dialog = await screen.findByRole('alertdialog', {
      name: messages.rejudgeAllTitle.replace('{challengeId}', 'SUM-1'),
    });
    expect(dialog.textContent).toContain(messages.rejudgeAllBody);
    fireEvent.click(screen.getByRole('button', { name: messages.rejudgeAllConfirm }));

    await waitFor(() => expect(toast.showSuccess).toHaveBeenCalledWith('4 queued'));
    expect(api.requestRejudge).toHaveBeenCalledWith('t', { challengeId: 'SUM-1' });
    const line = screen.getByRole('status');
    await waitFor(() => expect(line.textContent).toBe('Re-judging: 3 of 4 submissions left'));
    const bar = screen.getByRole('progressbar', { name: messages.rejudgeProgressLabel });
    expect(bar.getAttribute('value')).toBe('1');
    expect(bar.getAttribute('max')).toBe('4');
    expect((rejudgeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(api.fetchJudgeStatus).toHaveBeenCalledWith('t', 'SUM-1', expect.any(AbortSignal));

    await tick(2000);
    expect(line.textContent).toBe('Re-judging: 1 of 4 submissions left');
    await tick(2000);
    expect(line.textContent).toBe('Re-judging finished: 4 submissions were judged again.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((rejudgeButton() as HTMLButtonElement).disabled).toBe(false);
    await tick(10_000);
    expect(api.fetchJudgeStatus).toHaveBeenCalledTimes(3);
  });

  it('picks a running re-judge up again after a reload', async () => {
    window.sessionStorage.setItem('rejudge:SUM-1', JSON.stringify({ startedAt: 1, queued: 2 }));
    api.fetchJudgeStatus.mockResolvedValueOnce(status(2)).mockResolvedValue(status(0));
    render(<RejudgeChallenge token="t" challengeId="SUM-1" />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Re-judging: 2 of 2 submissions left'),
    );
    await tick(2000);
    expect(screen.getByRole('status').textContent).toContain('Re-judging finished');
    expect(window.sessionStorage.getItem('rejudge:SUM-1')).toBeNull();
  });

  it("shows the server's message when there is nothing to re-judge, and Cancel queues nothing", async () => {
    api.requestRejudge.mockRejectedValue(new ApiError(messages.rejudgeNothing, 404));
    render(<RejudgeChallenge token="t" challengeId="SUM-1" />);
    fireEvent.click(rejudgeButton());
    fireEvent.click(await screen.findByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requestRejudge).not.toHaveBeenCalled();

    fireEvent.click(rejudgeButton());
    fireEvent.click(await screen.findByRole('button', { name: messages.rejudgeAllConfirm }));
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.rejudgeNothing));
    expect(api.fetchJudgeStatus).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
