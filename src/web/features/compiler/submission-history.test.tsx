import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../contract/compiler.ts';
import { releaseMessages } from '../../../contract/result-release.ts';
import type { StatementViewProps } from '../../ui/statement-view.ts';
import { SubmissionHistory } from './submission-history.tsx';

/** Stands in for the statement renderer: the note's Markdown as text, marked. */
const Rendered = ({ markdown }: StatementViewProps) => <div data-testid="rendered">{markdown}</div>;

const entry = (extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  submissionId: '00000000-0000-4000-8000-000000000001',
  status: 'judged',
  createdAt: '2026-11-01T10:00:00.000Z',
  language: 'python',
  code: 'a = 1\nprint(a)\n',
  verdict: 'Accepted',
  score: 10,
  maxScore: 10,
  samples: [],
  hidden: { total: 1, passed: 1 },
  ...extra,
});

const show = (entries: HistoryEntry[]) =>
  render(
    <SubmissionHistory
      entries={entries}
      statementView={Rendered}
      showLanguage={false}
      disabled={false}
      onLoad={() => undefined}
    />,
  );

describe('the history with feedback', () => {
  it('says a judged submission is not released instead of a verdict or score', () => {
    show([entry({ verdict: null, score: null, hidden: { total: 1, passed: 0 }, released: false })]);
    expect(screen.getByTestId('not-released').textContent).toBe(releaseMessages.notReleased);
    expect(screen.queryByText(/10 \/ 10/)).toBeNull();
  });

  it('renders the note through the renderer and shows each comment beside its line', () => {
    show([
      entry({
        feedback: {
          note: {
            markdown: 'Well **done**',
            author: 'Ada',
            createdAt: '2026-11-01T11:00:00.000Z',
            updatedAt: '2026-11-01T11:00:00.000Z',
          },
          comments: [
            {
              commentId: 'c1',
              line: 2,
              body: 'Print with a label.',
              author: 'Bo',
              createdAt: '2026-11-01T11:00:00.000Z',
              updatedAt: '2026-11-01T12:00:00.000Z',
            },
          ],
        },
      }),
    ]);
    expect(screen.getByTestId('rendered').textContent).toBe('Well **done**');
    const comment = screen.getByTestId('line-comment');
    expect(within(comment).getByText('Line 2')).toBeTruthy();
    expect(within(comment).getByText('print(a)')).toBeTruthy();
    expect(comment.textContent).toContain('Print with a label.');
    expect(comment.textContent).toMatch(/Bo · .* · edited/);
  });
});
