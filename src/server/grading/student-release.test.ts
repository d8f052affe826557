import { describe, expect, it } from 'vitest';
import type { HistoryEntry, SubmissionState } from '../../contract/compiler.ts';
import type { StudentExam } from '../../contract/exams.ts';
import { gateExam, gateHistory, gateState } from './student-release.ts';

const sample = {
  index: 0,
  verdict: 'Accepted' as const,
  timeMs: 5,
  memoryBytes: null,
  input: '1 2\n',
  expectedOutput: '3\n',
  stdout: '3\n',
  stderr: '',
};

const judged: SubmissionState = {
  status: 'judged',
  submissionId: 's1',
  challengeId: 'C',
  language: 'python',
  verdict: 'Wrong Answer',
  passed: 1,
  total: 2,
  score: 25,
  maxScore: 100,
  bestScore: 25,
  createdAt: '2026-01-01T00:00:00.000Z',
  samples: [sample],
  hidden: { total: 1, passed: 0, verdicts: { 'Wrong Answer': 1 } },
};

describe('what a student sees before results are released', () => {
  it('turns a judged answer into its samples only', () => {
    expect(gateState(judged, true)).toBe(judged);
    expect(gateState(judged, false)).toEqual({
      status: 'withheld',
      submissionId: 's1',
      challengeId: 'C',
      createdAt: '2026-01-01T00:00:00.000Z',
      samples: [sample],
    });
  });

  it('drops the score, the verdict, hidden passes and feedback from the history', () => {
    const entry: HistoryEntry = {
      submissionId: 's1',
      status: 'judged',
      createdAt: '2026-01-01T00:00:00.000Z',
      language: 'python',
      code: 'x',
      verdict: 'Accepted',
      score: 100,
      maxScore: 100,
      samples: [sample],
      hidden: { total: 1, passed: 1 },
      feedback: { note: null, comments: [] },
    };
    const gated = gateHistory(entry, false);
    expect(gated).toMatchObject({ verdict: null, score: null, released: false });
    expect(gated.hidden).toEqual({ total: 1, passed: 0 });
    expect(gated).not.toHaveProperty('feedback');
    expect(gated.samples).toEqual([sample]);
  });

  it("drops every problem's score and the exam's total", () => {
    const exam = {
      total: 7,
      problems: [{ score: 7 }, { score: null }],
    } as unknown as StudentExam;
    const gated = gateExam(exam, false);
    expect(gated.total).toBeNull();
    expect(gated.problems.map((p) => p.score)).toEqual([null, null]);
    expect(gated.released).toBe(false);
  });
});
