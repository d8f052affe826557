import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import type { TeacherSubmission } from '../../../contract/results.ts';
import { ApiError } from '../../lib/api-client.ts';

const api = vi.hoisted(() => ({ fetchJudgeStatus: vi.fn(), requestRejudge: vi.fn() }));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../lib/judge-queue-api.ts', () => api);
vi.mock('../../ui/toast.ts', () => toast);

const { RejudgeSubmissionButton, judgedAgain, rejudgeAnnouncement } =
  await import('./rejudge-submission.tsx');

function submission(change: Partial<TeacherSubmission> = {}): TeacherSubmission {
  return {
    submissionId: '6f1c1a57-3c52-4a4e-9d1c-9a9e1e0c0001',
    number: 2,
    createdAt: '2026-05-01T10:00:00.000Z',
    judgedAt: '2026-05-01T10:00:02.000Z',
    status: 'judged',
    verdict: 'Wrong Answer',
    score: 25,
    maxScore: 100,
    passed: 1,
    total: 2,
    isBest: true,
    language: 'python',
    code: 'print(3)',
    tests: [],
    ...change,
  };
}

const button = () => screen.getByRole('button', { name: 'Re-judge submission 2' });

describe('RejudgeSubmissionButton', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('queues the submission, toasts the answer and tells the dialog', async () => {
    api.requestRejudge.mockResolvedValue({ message: 'queued again', queued: 1, students: 1 });
    const onQueued = vi.fn();
    const s = submission();
    render(<RejudgeSubmissionButton token="t" submission={s} onQueued={onQueued} />);
    expect(button().textContent).toBe(messages.rejudgeOne);
    fireEvent.click(button());
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(onQueued).toHaveBeenCalledWith(s));
    expect(api.requestRejudge).toHaveBeenCalledWith('t', { submissionId: s.submissionId });
    expect(toast.showSuccess).toHaveBeenCalledWith('queued again');
    expect(button().getAttribute('aria-disabled')).toBe('false');
  });

  it('does nothing while the submission waits or runs, and shows a refusal', async () => {
    const onQueued = vi.fn();
    const { rerender } = render(
      <RejudgeSubmissionButton
        token="t"
        submission={submission({ status: 'running' })}
        onQueued={onQueued}
      />,
    );
    expect(button().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button());
    expect(api.requestRejudge).not.toHaveBeenCalled();

    api.requestRejudge.mockRejectedValue(new ApiError(messages.rejudgeNothing, 404));
    rerender(<RejudgeSubmissionButton token="t" submission={submission()} onQueued={onQueued} />);
    fireEvent.click(button());
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.rejudgeNothing));
    expect(onQueued).not.toHaveBeenCalled();
  });
});

describe('judgedAgain and the announcement', () => {
  const before = submission();
  const watch = new Map([[before.submissionId, before.judgedAt]]);
  const score = (v: number) => String(v);

  it('is not done while the old result is shown, nor while it waits', () => {
    expect(judgedAgain(before, watch)).toBe(false);
    expect(judgedAgain(submission({ status: 'queued' }), watch)).toBe(false);
    expect(rejudgeAnnouncement([submission({ status: 'queued' })], watch, score)).toBe('');
    expect(judgedAgain(before, new Map())).toBe(false);
  });

  it('is done when a new result arrives, and says it', () => {
    const after = submission({
      judgedAt: '2026-05-02T08:00:00.000Z',
      verdict: 'Accepted',
      score: 100,
    });
    expect(judgedAgain(after, watch)).toBe(true);
    expect(rejudgeAnnouncement([after], watch, score)).toBe(
      'Submission 2 judged again: Accepted, 100 / 100.',
    );
    const failed = submission({ judgedAt: '2026-05-02T08:00:00.000Z', status: 'failed' });
    expect(rejudgeAnnouncement([failed], watch, score)).toBe(
      'Submission 2 could not be judged again.',
    );
  });
});
