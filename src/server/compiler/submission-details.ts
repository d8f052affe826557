/**
 * What a submission keeps in `details` and how a stored submission becomes the student's answer.
 * Hidden tests keep only verdict, weight, time and memory: never their input, expected output or
 * the program's output on them.
 */
import { z } from 'zod';
import type { SampleOutcome, SubmissionResult } from '../../contract/compiler.ts';
import { languages } from '../../contract/challenges.ts';
import { VERDICTS, type Verdict } from '../../contract/verdicts.ts';
import type { JudgeResult, JudgeTest } from '../judge/index.ts';
import type { SubmissionRow } from './submission-queries.ts';

/** Text kept per sample (input, expected output, stdout, stderr). */
const KEPT_CHARS = 16 * 1024;
const cap = (text: string | undefined) => (text ?? '').slice(0, KEPT_CHARS);

const storedTestSchema = z.object({
  hidden: z.boolean(),
  weight: z.number(),
  verdict: z.enum(VERDICTS),
  timeMs: z.number(),
  wallMs: z.number(),
  memoryBytes: z.number().nullable(),
  sample: z
    .object({
      input: z.string(),
      expectedOutput: z.string(),
      stdout: z.string(),
      stderr: z.string(),
    })
    .optional(),
});

const storedDetailsSchema = z.object({
  tests: z.array(storedTestSchema),
  maxScore: z.number(),
  compileOutput: z.string().optional(),
});
export type StoredDetails = z.infer<typeof storedDetailsSchema>;

export function detailsFrom(
  result: JudgeResult,
  tests: JudgeTest[],
  maxScore: number,
): StoredDetails {
  return {
    maxScore,
    tests: result.tests.map((t) => {
      const source = tests[t.index];
      return {
        hidden: t.hidden,
        weight: t.weight,
        verdict: t.verdict,
        timeMs: t.timeMs,
        wallMs: t.wallMs,
        memoryBytes: t.memoryBytes,
        ...(t.hidden || !source
          ? {}
          : {
              sample: {
                input: cap(source.input),
                expectedOutput: cap(source.expectedOutput),
                stdout: cap(t.stdout),
                stderr: cap(t.stderr),
              },
            }),
      };
    }),
    ...(result.compileOutput === undefined ? {} : { compileOutput: cap(result.compileOutput) }),
  };
}

/** Per-sample outcomes of a judge run, in sample order (Run on samples and Submit). */
export function sampleOutcomes(details: StoredDetails): SampleOutcome[] {
  return details.tests
    .flatMap((t) =>
      t.sample
        ? [{ verdict: t.verdict, timeMs: t.timeMs, memoryBytes: t.memoryBytes, ...t.sample }]
        : [],
    )
    .map((s, index) => ({ ...s, index }));
}

export function toSubmissionResult(row: SubmissionRow, bestScore: number): SubmissionResult {
  const parsed = storedDetailsSchema.safeParse(row.details);
  const details: StoredDetails = parsed.success ? parsed.data : { tests: [], maxScore: 0 };
  const hidden = details.tests.filter((t) => t.hidden);
  const verdicts: Partial<Record<Verdict, number>> = {};
  for (const t of hidden) verdicts[t.verdict] = (verdicts[t.verdict] ?? 0) + 1;
  return {
    submissionId: row.id,
    challengeId: row.challengeId,
    language: z.enum(languages).catch('python').parse(row.language),
    verdict: z.enum(VERDICTS).catch('Internal Error').parse(row.verdict),
    passed: row.passed,
    total: row.total,
    score: row.score,
    maxScore: details.maxScore,
    bestScore: Math.max(bestScore, row.score),
    createdAt: row.createdAt.toISOString(),
    samples: sampleOutcomes(details),
    hidden: {
      total: hidden.length,
      passed: hidden.filter((t) => t.verdict === 'Accepted').length,
      verdicts,
    },
    ...(details.compileOutput === undefined ? {} : { compileOutput: details.compileOutput }),
  };
}
