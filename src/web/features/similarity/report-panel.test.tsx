import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import type { SimilarityReport } from '../../../contract/similarity.ts';
import { ApiError } from '../../lib/api-client.ts';

const api = vi.hoisted(() => ({
  fetchReport: vi.fn(),
  fetchPair: vi.fn(),
  listChallenges: vi.fn(),
}));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('./similarity-api.ts', () => api);
vi.mock('../../ui/toast.ts', () => toast);
// The pairs' links need no router here: what they show is under test, not where they go.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a className={className}>{children}</a>
  ),
}));

const { ReportPanel } = await import('./report-panel.tsx');

const emptyReport: SimilarityReport = {
  challenge: { challengeId: 'SIM-1', challengeName: 'Primes', language: 'python' },
  threshold: 50,
  minimumTokens: 60,
  settings: { minimumTokens: null, referenceSolution: '' },
  compared: 12,
  skipped: [{ language: 'javascript', count: 3 }],
  pairs: [],
  totalPairs: 0,
  computedAt: '2026-03-01T09:00:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('ReportPanel', () => {
  it('says it is comparing, then that no pair reaches the threshold', async () => {
    let answer: (report: SimilarityReport) => void = () => {};
    api.fetchReport.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ReportPanel token="t" challengeId="SIM-1" threshold={50} onThreshold={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain(messages.similarityLoading);
    answer(emptyReport);
    expect(await screen.findByText(messages.similarityNoPairs)).toBeTruthy();
    expect(screen.getByTestId('similarity-compared').textContent).toContain(
      'Students compared: 12',
    );
    expect(screen.getByText(/JavaScript/).textContent).toContain(': 3');
    expect(api.fetchReport).toHaveBeenCalledWith(
      't',
      'SIM-1',
      50,
      undefined,
      expect.any(AbortSignal),
    );
    expect(screen.queryByTestId('similarity-exam')).toBeNull();
  });

  it('says what a score does not prove, and lists a short pair without its score', async () => {
    const who = (id: string) => ({
      submissionId: id,
      userId: `u-${id}`,
      name: `Student ${id}`,
      email: `${id}@college.test`,
      language: 'python' as const,
    });
    api.fetchReport.mockResolvedValue({
      ...emptyReport,
      pairs: [
        {
          a: who('a'),
          b: who('b'),
          percent: 100,
          tooShort: true,
          shared: { tokens: 28, lines: 6, longestTokens: 28, longestLines: 6 },
        },
      ],
      totalPairs: 1,
    } satisfies SimilarityReport);
    render(<ReportPanel token="t" challengeId="SIM-1" threshold={50} onThreshold={() => {}} />);
    expect((await screen.findByTestId('similarity-meaning')).textContent).toBe(
      messages.similarityMeaning,
    );
    expect(screen.getByTestId('similarity-too-short').textContent).toBe(
      messages.similarityTooShort,
    );
    expect(screen.getByTestId('similarity-shared').textContent).toContain('28 tokens, 6 lines');
    expect(screen.queryByText('100.0 %')).toBeNull();
    expect(screen.getByText(/fewer than 60 tokens/)).toBeTruthy();
  });

  it("asks for an exam's report and says whose programs it compares", async () => {
    api.fetchReport.mockResolvedValue({
      ...emptyReport,
      exam: { examCode: 'MID-1', title: 'Midterm' },
    } satisfies SimilarityReport);
    render(
      <ReportPanel
        token="t"
        challengeId="SIM-1"
        examCode="mid-1"
        threshold={50}
        onThreshold={() => {}}
      />,
    );
    expect((await screen.findByTestId('similarity-exam')).textContent).toBe(
      messages.similarityExamScope.replace('{code}', 'MID-1').replace('{title}', 'Midterm'),
    );
    expect(api.fetchReport).toHaveBeenCalledWith(
      't',
      'SIM-1',
      50,
      'mid-1',
      expect.any(AbortSignal),
    );
  });

  it("shows the server's message with a way to try again, and toasts it", async () => {
    api.fetchReport.mockRejectedValueOnce(new ApiError(messages.similarityFailed, 503));
    api.fetchReport.mockResolvedValueOnce(emptyReport);
    render(<ReportPanel token="t" challengeId="SIM-1" threshold={50} onThreshold={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.similarityFailed);
    expect(toast.showError).toHaveBeenCalledWith(messages.similarityFailed);
    fireEvent.click(screen.getByRole('button', { name: messages.similarityRetry }));
    expect(await screen.findByText(messages.similarityNoPairs)).toBeTruthy();
    expect(api.fetchReport).toHaveBeenCalledTimes(2);
  });

  it('asks for another threshold when one is chosen', async () => {
    api.fetchReport.mockResolvedValue(emptyReport);
    const onThreshold = vi.fn();
    render(<ReportPanel token="t" challengeId="SIM-1" threshold={50} onThreshold={onThreshold} />);
    fireEvent.change(screen.getByLabelText(messages.similarityThresholdLabel), {
      target: { value: '80' },
    });
    expect(onThreshold).toHaveBeenCalledWith(80);
  });
});
