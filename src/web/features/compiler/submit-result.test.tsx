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
});
