import { describe, expect, it } from 'vitest';
import { SIMILARITY_MAX_PAIRS, type SimilaritySubmission } from '../../../contract/similarity.ts';
import type { ComputedPair } from './report-assembly.ts';
import type { SimilarityChallenge } from './report-queries.ts';
import { pairAnswer, percentOf, reportAnswer, type KeptReport } from './report-view.ts';

const challenge: SimilarityChallenge = {
  challengeId: 'SIM-1',
  challengeName: 'Primes',
  language: 'python',
  starterCode: 'import sys',
  minimumTokens: null,
  referenceSolution: '',
};

const student = (id: string): SimilaritySubmission => ({
  submissionId: id,
  userId: `user-${id}`,
  name: `Student ${id}`,
  email: `${id}@college.test`,
  language: 'python',
});

const pair = (a: string, b: string, similarity: number): ComputedPair => ({
  a,
  b,
  similarity,
  spansA: [{ from: 0, to: 5 }],
  spansB: [{ from: 10, to: 20 }],
  shared: { tokens: 90, lines: 12, longestTokens: 70, longestLines: 9 },
  tooShort: false,
  commonA: [{ from: 6, to: 8, students: 14 }],
  commonB: [],
});

function kept(pairs: ComputedPair[], ids = ['s1', 's2', 's3', 's4']): KeptReport {
  return {
    compared: ids,
    minimumTokens: 60,
    skipped: [{ language: 'javascript', count: 2 }],
    pairs,
    submissions: new Map(ids.map((id) => [id, student(id)])),
    computedAt: '2026-03-01T09:00:00.000Z',
  };
}

describe('reportAnswer', () => {
  it('gives the pairs at or above the threshold, with names and one-decimal percentages', () => {
    const report = kept([pair('s1', 's2', 0.9234), pair('s3', 's4', 0.6), pair('s1', 's3', 0.3)]);
    const answer = reportAnswer(challenge, report, 60);
    const evidence = { shared: pair('a', 'b', 0).shared, tooShort: false };
    expect(answer.pairs).toEqual([
      { a: student('s1'), b: student('s2'), percent: 92.3, ...evidence },
      { a: student('s3'), b: student('s4'), percent: 60, ...evidence },
    ]);
    expect(answer).toMatchObject({
      minimumTokens: 60,
      settings: { minimumTokens: null, referenceSolution: '' },
    });
    expect(answer).toMatchObject({
      challenge: { challengeId: 'SIM-1', challengeName: 'Primes', language: 'python' },
      threshold: 60,
      compared: 4,
      skipped: [{ language: 'javascript', count: 2 }],
      totalPairs: 2,
      computedAt: '2026-03-01T09:00:00.000Z',
    });
    expect(answer.challenge).not.toHaveProperty('starterCode');
  });

  it("names the exam only in an exam's report, the pairs being the same", () => {
    const report = kept([pair('s1', 's2', 0.9)]);
    const own = reportAnswer(challenge, report, 50);
    expect(own).not.toHaveProperty('exam');
    const exam = { examCode: 'MID-1', title: 'Midterm' };
    const inExam = reportAnswer(challenge, report, 50, exam);
    expect(inExam.exam).toEqual(exam);
    expect(inExam.pairs).toEqual(own.pairs);
  });

  it('compares the rounded percentage the teacher sees with the threshold', () => {
    expect(percentOf(0.89996)).toBe(90);
    expect(reportAnswer(challenge, kept([pair('s1', 's2', 0.89996)]), 90).pairs).toHaveLength(1);
  });

  it('answers at most SIMILARITY_MAX_PAIRS pairs and counts them all', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const many: ComputedPair[] = [];
    for (let i = 0; i < ids.length; i += 1)
      for (let j = i + 1; j < ids.length; j += 1) many.push(pair(`s${i}`, `s${j}`, 0.9));
    const answer = reportAnswer(challenge, kept(many, ids), 50);
    expect(many.length).toBeGreaterThan(SIMILARITY_MAX_PAIRS);
    expect(answer.pairs).toHaveLength(SIMILARITY_MAX_PAIRS);
    expect(answer.totalPairs).toBe(many.length);
  });
});

describe('reportAnswer and pairs too short to compare', () => {
  it('keeps them after the pairs with evidence, marked, whatever their score', () => {
    const short = { ...pair('s3', 's4', 1), tooShort: true };
    short.shared = { tokens: 28, lines: 6, longestTokens: 28, longestLines: 6 };
    const answer = reportAnswer(challenge, kept([pair('s1', 's2', 0.85), short]), 50);
    expect(answer.pairs.map((p) => [p.a.submissionId, p.percent, p.tooShort])).toEqual([
      ['s1', 85, false],
      ['s3', 100, true],
    ]);
    expect(answer.pairs[1]?.shared.tokens).toBe(28);
  });
});

describe('pairAnswer', () => {
  const report = kept([pair('s1', 's2', 0.95)]);
  const codes = new Map([
    ['s1', 'print(1)'],
    ['s2', 'print(2) # copied'],
  ]);

  it('gives both codes with their own shared regions, in the order asked for', () => {
    const forward = pairAnswer(challenge, report, 's1', 's2', codes);
    expect(forward).toMatchObject({
      percent: 95,
      a: {
        submissionId: 's1',
        code: 'print(1)',
        spans: [{ from: 0, to: 5 }],
        common: [{ from: 6, to: 8, students: 14 }],
      },
      b: { submissionId: 's2', code: 'print(2) # copied', spans: [{ from: 10, to: 20 }] },
      shared: { tokens: 90 },
      tooShort: false,
      minimumTokens: 60,
      compared: 4,
    });
    const backward = pairAnswer(challenge, report, 's2', 's1', codes);
    expect(backward).toMatchObject({
      a: { submissionId: 's2', spans: [{ from: 10, to: 20 }], common: [] },
      b: { submissionId: 's1', spans: [{ from: 0, to: 5 }], common: [{ students: 14 }] },
    });
  });

  it('finds nothing for a pair the report does not hold or a code that is gone', () => {
    expect(pairAnswer(challenge, report, 's1', 's3', codes)).toBeUndefined();
    expect(pairAnswer(challenge, report, 's1', 's2', new Map([['s1', 'x']]))).toBeUndefined();
  });
});
