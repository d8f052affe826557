import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubmissionTestRow, TeacherSubmission } from '../../../contract/results.ts';
import { SubmissionTests } from './submission-tests.tsx';

const row = (index: number, extra: Partial<SubmissionTestRow>): SubmissionTestRow => ({
  index,
  name: `Hidden ${index + 1}`,
  hidden: true,
  weight: 1,
  verdict: 'Accepted',
  timeMs: 40,
  wallMs: 60,
  memoryBytes: null,
  input: '',
  expectedOutput: '',
  ...extra,
});

const submission: TeacherSubmission = {
  submissionId: '00000000-0000-4000-8000-000000000002',
  number: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  judgedAt: '2026-11-01T10:00:05.000Z',
  status: 'judged',
  verdict: 'Time Limit Exceeded',
  score: 50,
  maxScore: 100,
  passed: 1,
  total: 2,
  isBest: true,
  language: 'python',
  code: 'while True: pass',
  tests: [
    row(0, { verdict: 'Accepted', timeMs: 1234 }),
    row(1, { verdict: 'Time Limit Exceeded', timeMs: 1000 }),
  ],
};

describe("the teacher's per-test table", () => {
  it('shows a test stopped at the time limit as over the limit (issue 30)', () => {
    render(<SubmissionTests submission={submission} truncated={new Set()} />);
    const rows = within(screen.getByTestId('submission-tests')).getAllByTestId('test-row');
    const time = (r: HTMLElement) => r.querySelectorAll('td')[1]?.textContent;
    expect(rows.map(time)).toEqual(['1.23 s', 'over 1.00 s']);
  });
});
