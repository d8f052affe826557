import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { StatementPanel } from './statement-panel.tsx';

const challenge = (extra: Partial<CompilerChallenge> = {}): CompilerChallenge => ({
  challengeId: 'SUM-1',
  challengeName: 'Sum of two',
  challengeDesc: 'Print a + b.',
  difficultyLev: 'easy',
  language: 'python',
  score: 100,
  timeDur: 60,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  starterCode: '',
  samples: [],
  hiddenTestCount: 1,
  startedAt: '2026-11-23T10:00:00.000Z',
  deadline: '2026-11-23T11:00:00.000Z',
  serverNow: '2026-11-23T10:00:00.000Z',
  graceSeconds: 30,
  bestScore: null,
  submissionCount: 0,
  ...extra,
});

describe('the statement panel', () => {
  it('tells the student before submitting how outputs are compared', () => {
    render(
      <StatementPanel
        challenge={challenge({
          compare: { mode: 'default', caseSensitive: true, spaceChangeSensitive: false },
        })}
      />,
    );
    expect(screen.getByTestId('statement-compare-rule').textContent).toMatch(/^Compared token/);
  });

  it('says nothing of it for a server that does not send the rule', () => {
    render(<StatementPanel challenge={challenge()} />);
    expect(screen.queryByTestId('statement-compare-rule')).toBeNull();
  });
});
