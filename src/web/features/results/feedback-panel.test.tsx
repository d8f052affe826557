import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionFeedback } from '../../../contract/submission-feedback.ts';

const api = vi.hoisted(() => ({
  fetchFeedback: vi.fn(),
  saveNote: vi.fn(),
  addComment: vi.fn(),
  editComment: vi.fn(),
  deleteComment: vi.fn(),
}));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('./grading-api.ts', () => api);
vi.mock('../../ui/toast.ts', () => toast);

const { FeedbackPanel } = await import('./feedback-panel.tsx');

const CODE = 'n = int(input())\nprint(n * 2)\nprint("done")';
const stamp = {
  author: 'Ada',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const feedback = (lines: number[]): SubmissionFeedback => ({
  submissionId: 's-1',
  note: null,
  comments: lines.map((line, i) => ({
    commentId: `c-${i}`,
    line,
    body: `on ${line}`,
    mine: true,
    ...stamp,
  })),
});

describe('FeedbackPanel, the code lines', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('chooses the line clicked, focuses the comment box and sends the comment on that line', async () => {
    api.fetchFeedback.mockResolvedValue(feedback([]));
    api.addComment.mockResolvedValue(feedback([2]));
    render(<FeedbackPanel token="t" submissionId="s-1" code={CODE} />);
    const second = await screen.findByRole('button', { name: 'Comment on line 2' });
    expect(second.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('spinbutton', { name: 'Line' }) as HTMLInputElement).value).toBe('2');
    const box = screen.getByRole('textbox', { name: /Comment/ });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Why twice?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText('on 2');
    expect(api.addComment).toHaveBeenCalledWith('t', 's-1', 2, 'Why twice?');
  });

  it('says how many comments a line has', async () => {
    api.fetchFeedback.mockResolvedValue(feedback([3, 3, 1]));
    render(<FeedbackPanel token="t" submissionId="s-1" code={CODE} />);
    const lines = await screen.findByRole('list', { name: /choose a line/ });
    const rows = lines.querySelectorAll('li');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('1 comment(s)');
    expect(rows[1]?.textContent).not.toContain('comment(s)');
    expect(rows[2]?.textContent).toContain('2 comment(s)');
  });
});
