import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubmissionResult } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { SubmitResult } from './submit-result.tsx';

const result = (extra: Partial<SubmissionResult> = {}): SubmissionResult => ({
  submissionId: '00000000-0000-4000-8000-000000000001',
  challengeId: 'PI-1',
  language: 'python',
  verdict: 'Accepted',
  passed: 1,
  total: 1,
  score: 10,
  maxScore: 10,
  bestScore: 10,
  createdAt: '2026-11-01T10:00:00.000Z',
  samples: [],
  hidden: { total: 1, passed: 1, verdicts: { Accepted: 1 } },
  ...extra,
});

describe('the submission result panel', () => {
  it('says which rule compared the outputs', () => {
    render(
      <SubmitResult
        result={result({
          compare: {
            mode: 'default',
            caseSensitive: false,
            spaceChangeSensitive: false,
            floatTolerance: 1e-6,
          },
        })}
      />,
    );
    expect(screen.getByTestId('compare-rule').textContent).toBe(
      'Compared token by token, ignoring case and spacing; numbers within 1e-6',
    );
  });

  it('names the exact rule, and says nothing when the answer has no rule', () => {
    const { unmount } = render(<SubmitResult result={result({ compare: { mode: 'exact' } })} />);
    expect(screen.getByTestId('compare-rule').textContent).toBe(messages.comparedExact);
    unmount();
    render(<SubmitResult result={result()} />);
    expect(screen.queryByTestId('compare-rule')).toBeNull();
  });

  it("lists a challenge's test groups with counts and points, none for a plain one", () => {
    const { unmount } = render(
      <SubmitResult
        result={result({
          verdict: 'Wrong Answer',
          groups: [
            {
              name: 'small',
              scoring: 'all',
              tests: 2,
              passed: 2,
              skipped: 0,
              points: 16,
              maxPoints: 16,
            },
            {
              name: 'large',
              scoring: 'all',
              tests: 3,
              passed: 0,
              skipped: 2,
              points: 0,
              maxPoints: 16,
            },
            {
              name: 'secret',
              scoring: 'sum',
              tests: 2,
              passed: 1,
              skipped: 0,
              points: 4,
              maxPoints: 8,
            },
          ],
        })}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'small: 2 of 2 tests, 16 of 16 points · all or nothing',
      'large: 0 of 3 tests, 0 of 16 points · all or nothing · 2 not run after a failure',
      'secret: 1 of 2 tests, 4 of 8 points',
    ]);
    unmount();
    render(<SubmitResult result={result()} />);
    expect(screen.queryByTestId('group-results')).toBeNull();
  });

  it('shows a sample stopped at the time limit as over the limit, an accepted one as measured', () => {
    const sample = { input: '1 2\n', expectedOutput: '3\n', stdout: '', stderr: '' };
    render(
      <SubmitResult
        result={result({
          verdict: 'Time Limit Exceeded',
          samples: [
            {
              ...sample,
              index: 0,
              verdict: 'Time Limit Exceeded',
              timeMs: 1000,
              memoryBytes: null,
            },
            { ...sample, index: 1, verdict: 'Accepted', timeMs: 1520, memoryBytes: null },
          ],
        })}
      />,
    );
    const summaries = screen.getAllByTestId('sample-outcome').map((li) => li.textContent ?? '');
    expect(summaries[0]).toContain('over 1.00 s ·');
    expect(summaries[1]).toContain('1.52 s ·');
    expect(summaries[1]).not.toContain('over');
  });
});
