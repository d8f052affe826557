import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionTestRow, TeacherSubmission } from '../../../contract/results.ts';
import { testOutputMessages, type TestOutput } from '../../../contract/test-outputs.ts';
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

describe("a test's output and diff (issue 34)", () => {
  const output: TestOutput = {
    index: 1,
    expected: { text: 'sum 3\nok\n', cut: false },
    output: {
      stdout: { text: 'sum  4\nok', cut: true },
      stderr: { text: 'warning\tx\n', cut: false },
    },
  };

  it('opens under the row from a disclosure button, with the line and word diff and whitespace drawn', async () => {
    const load = vi.fn((index: number) => Promise.resolve({ ...output, index }));
    render(<SubmissionTests submission={submission} truncated={new Set()} loadOutput={load} />);
    const toggles = screen.getAllByRole('button', { name: testOutputMessages.showOutput });
    const toggle = toggles[1];
    if (!toggle) throw new Error('no toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const diff = await screen.findByTestId('output-diff');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toBe(1);
    const region = screen.getByRole('region', { name: /Hidden 2: expected and program output/u });
    expect(toggle.getAttribute('aria-controls')).toBe(region.closest('tr')?.id);

    const rows = [...diff.querySelectorAll(':scope > tbody > tr')];
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['changed', 'changed']);
    // First line: the doubled space and the number differ; spaces drawn as ·, line ends as ⏎.
    const [expected, actual] = [...(rows[0]?.querySelectorAll('code') ?? [])];
    expect(expected?.textContent).toBe('sum·3⏎');
    expect(actual?.textContent).toBe('sum··4⏎');
    const marked = (code: Element | undefined) =>
      [...(code?.querySelectorAll('mark') ?? [])].map((m) => m.textContent);
    expect(marked(expected).join('')).toContain('3');
    expect(marked(actual).join('')).toContain('4');
    expect(marked(actual).join('')).not.toContain('sum');
    // Second line: the same text, but the program's lacks its final newline.
    const [expected2, actual2] = [...(rows[1]?.querySelectorAll('code') ?? [])];
    expect(expected2?.textContent).toBe('ok⏎');
    expect(marked(expected2)).toEqual(['⏎']);
    expect(actual2?.textContent).toBe('ok');
    // The cut stdout is said so; stderr below, its tab drawn.
    expect(screen.getByTestId('output-cut').textContent).toContain(testOutputMessages.outputCut);
    expect(
      screen.getByText((_, el) => el?.tagName === 'PRE' && el.textContent === 'warning→x\n'),
    ).toBeTruthy();

    fireEvent.click(toggle);
    expect(screen.queryByTestId('output-diff')).toBeNull();
  });

  it('says when nothing was kept, and shows no button without a loader', async () => {
    const load = () => Promise.resolve({ ...output, output: null });
    render(<SubmissionTests submission={submission} truncated={new Set()} loadOutput={load} />);
    const [first] = screen.getAllByRole('button', { name: testOutputMessages.showOutput });
    if (first) fireEvent.click(first);
    expect(await screen.findByText(testOutputMessages.outputNotKept)).toBeTruthy();
    cleanup();
    render(<SubmissionTests submission={submission} truncated={new Set()} />);
    expect(screen.queryByRole('button', { name: testOutputMessages.showOutput })).toBeNull();
  });
});
