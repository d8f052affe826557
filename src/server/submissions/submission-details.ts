/**
 * What a submission keeps in `details` and how a stored submission becomes the student's answer.
 * Hidden tests keep only verdict, weight, time and memory: never their input, expected output or
 * the program's output on them.
 */
import { z } from 'zod';
import type {
  GroupResult,
  HistoryEntry,
  SampleOutcome,
  SubmissionResult,
} from '../../contract/compiler.ts';
import { languages } from '../../contract/challenges.ts';
import {
  compareRuleSchema,
  EXACT_COMPARE_RULE,
  type CompareRule,
} from '../../contract/compare-rule.ts';
import {
  DEFAULT_HIDDEN_GROUP,
  SAMPLE_GROUP,
  scoringOf,
  testGroupSchema,
  type TestGroup,
} from '../../contract/test-groups.ts';
import { VERDICTS, type Verdict } from '../../contract/verdicts.ts';
import { kattisGradingSchema, type KattisGrading } from '../../contract/kattis-grading.ts';
import { groupScores } from '../judge/scoring.ts';
import type { JudgeResult, JudgeTest } from '../judge/index.ts';
import type { SubmissionRow } from './submission-queries.ts';

/** Text kept per sample (input, expected output, stdout, stderr). */
const KEPT_CHARS = 16 * 1024;
const cap = (text: string | undefined) => (text ?? '').slice(0, KEPT_CHARS);

/**
 * Read leniently: a row written by an older version, or half-written, shows what it has instead
 * of failing the page that reads it (the student's result, the teacher's drill-down).
 */
const storedTestSchema = z.object({
  hidden: z.boolean(),
  /** Its group (test-groups.ts); absent in results judged before groups existed. */
  group: z.string().optional().catch(undefined),
  weight: z.number().catch(1),
  verdict: z.enum(VERDICTS).catch('Internal Error'),
  timeMs: z.number().catch(0),
  wallMs: z.number().catch(0),
  memoryBytes: z.number().nullable().catch(null),
  /** Share of the weight earned, when a checker gave partial credit (absent: all or nothing). */
  fraction: z.number().min(0).max(1).optional().catch(undefined),
  /** A checker's judgemessage.txt: shown to teachers, never in a student's answer. */
  judgeMessage: z.string().optional().catch(undefined),
  sample: z
    .object({
      input: z.string().catch(''),
      expectedOutput: z.string().catch(''),
      stdout: z.string().catch(''),
      stderr: z.string().catch(''),
    })
    .optional()
    .catch(undefined),
});

const storedDetailsSchema = z.object({
  tests: z.array(storedTestSchema).catch([]),
  maxScore: z.number().catch(0),
  compileOutput: z.string().optional().catch(undefined),
  /** The rule the outputs were compared by; absent in results judged before compare modes. */
  compare: compareRuleSchema.optional().catch(undefined),
  /** How the groups scored when it was judged (absent before groups existed: none defined). */
  groups: z.array(testGroupSchema).optional().catch(undefined),
  /** A Kattis scoring problem's grading when it was judged (contract/kattis-grading.ts). */
  grading: kattisGradingSchema.optional().catch(undefined),
});
export type StoredDetails = z.infer<typeof storedDetailsSchema>;

export function detailsFrom(
  result: JudgeResult,
  tests: JudgeTest[],
  maxScore: number,
  compare: CompareRule,
  groups: TestGroup[] = [],
  grading?: KattisGrading | null,
): StoredDetails {
  return {
    maxScore,
    compare,
    ...(groups.length > 0 ? { groups } : {}),
    ...(grading ? { grading } : {}),
    tests: result.tests.map((t) => {
      const source = tests[t.index];
      return {
        hidden: t.hidden,
        group: t.group,
        weight: t.weight,
        verdict: t.verdict,
        timeMs: t.timeMs,
        wallMs: t.wallMs,
        memoryBytes: t.memoryBytes,
        ...(t.fraction === undefined ? {} : { fraction: t.fraction }),
        ...(t.judgeMessage === undefined ? {} : { judgeMessage: cap(t.judgeMessage) }),
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

/**
 * Per-group results for the student, when the challenge has groups of its own (a group defined,
 * or a hidden test naming one); undefined otherwise, so a plain challenge's result reads as
 * before. Hidden tests stay counts: a group says how many passed, never which.
 */
export function groupResults(details: StoredDetails): GroupResult[] | undefined {
  const defined = details.groups ?? [];
  const named = details.tests.some(
    (t) => t.group !== undefined && t.group !== SAMPLE_GROUP && t.group !== DEFAULT_HIDDEN_GROUP,
  );
  if (defined.length === 0 && !named && !details.grading) return undefined;
  const weighted = details.tests.map((t) => ({
    verdict: t.verdict,
    weight: t.weight,
    fraction: t.fraction,
    group: t.group ?? (t.hidden ? DEFAULT_HIDDEN_GROUP : SAMPLE_GROUP),
  }));
  return groupScores(weighted, details.maxScore, defined, details.grading).map((g) => ({
    ...g,
    scoring: scoringOf(defined, g.name),
  }));
}

/** A submission's stored `details`, or empty ones when there are none (not judged yet). */
export function readStoredDetails(value: unknown): StoredDetails {
  const parsed = storedDetailsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { tests: [], maxScore: 0 };
}

export function toSubmissionResult(row: SubmissionRow, bestScore: number): SubmissionResult {
  const details = readStoredDetails(row.details);
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
    // Every result judged before compare modes existed was compared exactly.
    compare: details.compare ?? EXACT_COMPARE_RULE,
    ...withGroups(details),
  };
}

const withGroups = (details: StoredDetails) => {
  const groups = groupResults(details);
  return groups ? { groups } : {};
};

/** A stored submission as the student's history lists it: samples in full, hidden tests as counts. */
export function toHistoryEntry(row: SubmissionRow): HistoryEntry {
  const details = readStoredDetails(row.details);
  const hidden = details.tests.filter((t) => t.hidden);
  const verdict = z.enum(VERDICTS).safeParse(row.verdict);
  const hasResult = verdict.success && row.status !== 'queued' && row.status !== 'running';
  return {
    submissionId: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    language: z.enum(languages).catch('python').parse(row.language),
    code: row.code,
    verdict: hasResult ? verdict.data : null,
    score: hasResult ? row.score : null,
    maxScore: details.maxScore,
    samples: hasResult ? sampleOutcomes(details) : [],
    hidden: {
      total: hidden.length,
      passed: hasResult ? hidden.filter((t) => t.verdict === 'Accepted').length : 0,
    },
  };
}
