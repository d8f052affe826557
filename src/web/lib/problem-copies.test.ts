import { describe, expect, it } from 'vitest';
import type { CompilerChallenge } from '../../contract/compiler.ts';
import { idbSet } from './idb.ts';
import { loadProblemCopy, saveProblemCopy } from './problem-copies.ts';

const statement: CompilerChallenge = {
  challengeId: 'SUM',
  challengeName: 'Sum',
  challengeDesc: 'Add two numbers.',
  difficultyLev: 'easy',
  language: 'python',
  score: 100,
  timeDur: 60,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  starterCode: '',
  samples: [{ input: '1 2\n', expectedOutput: '3\n' }],
  hiddenTestCount: 1,
  startedAt: '2026-11-26T09:00:00.000Z',
  deadline: '2026-11-26T10:00:00.000Z',
  serverNow: '2026-11-26T09:10:00.000Z',
  graceSeconds: 30,
  bestScore: null,
  submissionCount: 0,
};

describe('problem copies', () => {
  it('keeps a statement per student and problem with the moment it arrived', async () => {
    await saveProblemCopy('u1', 'exam:e1/SUM', statement, 1234);
    expect(await loadProblemCopy('u1', 'exam:e1/SUM')).toEqual({
      challenge: statement,
      receivedAt: 1234,
    });
    expect(await loadProblemCopy('u2', 'exam:e1/SUM')).toBeUndefined();
    expect(await loadProblemCopy('u1', 'SUM')).toBeUndefined();
  });

  it('ignores a copy that is not a statement', async () => {
    await idbSet('compiler-copy:u3:exam:e1/SUM', {
      challenge: { challengeId: 'SUM' },
      receivedAt: 1,
    });
    expect(await loadProblemCopy('u3', 'exam:e1/SUM')).toBeUndefined();
  });
});
