/**
 * Per-test statistics (issue 34 item 2), staff only (policy action `results.read`, scoped to the
 * challenge's or the exam's course): for a challenge, or for one slot of an exam, how many
 * students pass each test, the verdicts per test, the most frequent wrong outputs grouped, and the
 * distribution of scores. Every student counts once, with the submission that counts for them:
 * the best one of their current attempt, as the Results table shows it; in an exam, the one the
 * exam's scoring picks (best or last), as the exam's matrix shows it. An exam slot may draw from
 * several challenges, each with its own tests: the answer holds one block per challenge.
 */
import { z } from 'zod';
import { challengeIdSchema } from './challenges.ts';
import { examCodeSchema } from './exams.ts';
import { resultsCourseSchema, sectionFilterSchema } from './results-sections.ts';
import { VERDICTS } from './verdicts.ts';

export const challengeStatisticsRoute = '/api/admin/results/:challengeId/statistics';
export const examSlotStatisticsRoute = '/api/admin/exams/:examCode/slots/:slot/statistics';

const withSection = (path: string, sectionId: string | undefined) =>
  sectionId ? `${path}?sectionId=${encodeURIComponent(sectionId)}` : path;

export const challengeStatisticsPath = (challengeId: string, sectionId?: string) =>
  withSection(`/api/admin/results/${encodeURIComponent(challengeId)}/statistics`, sectionId);
export const examSlotStatisticsPath = (examCode: string, slot: number, sectionId?: string) =>
  withSection(
    `/api/admin/exams/${encodeURIComponent(examCode)}/slots/${slot}/statistics`,
    sectionId,
  );

/** Wrong outputs shown per test, most frequent first. */
export const WRONG_OUTPUT_GROUPS_SHOWN = 5;
/** Characters of a wrong output's sample (the whole output is in the submissions dialog). */
export const WRONG_OUTPUT_SAMPLE_CHARS = 300;
/** Score bins of the histogram: tenths of the maximum, and full marks on their own. */
export const SCORE_BIN_PERCENT = 10;

export const statisticsMessages = {
  invalidSlot: 'The slot must be a whole number from 1.',
  slotNotFound: 'This exam has no such slot.',
  // The screen.
  title: 'Statistics',
  openStatistics: 'Statistics',
  openSlotStatistics: 'Statistics: problem {slot}',
  backToResults: 'Back to results',
  loading: 'Counting the tests…',
  retry: 'Try again',
  examSlotHeading: '{exam}: problem {slot}',
  counted:
    '{students} students with a judged submission (the one that counts for them, as in Results).',
  noneCounted: 'No student has a judged submission yet.',
  testsHeading: 'Per test',
  testColumn: 'Test',
  passedColumn: 'Passed',
  verdictsColumn: 'Verdicts',
  sampleTest: 'Test {n} (sample)',
  hiddenTest: 'Test {n}',
  wrongOutputsHeading: 'Most frequent wrong outputs',
  wrongOutputsSummary: '{test}: {groups} different wrong outputs',
  wrongOutputsSummaryOne: '{test}: one wrong output',
  wrongOutputsNone: 'No wrong output was kept for any test.',
  wrongOutputCount: '{count} students',
  wrongOutputCountOne: '1 student',
  wrongOutputCut: '… (shortened)',
  emptyOutput: '(printed nothing)',
  histogramHeading: 'Score distribution',
  histogramDescription:
    'Histogram of {students} students’ scores in percent of the maximum: {bins}.',
  histogramTableCaption: 'Students per score range',
  binColumn: 'Score (% of maximum)',
  histogramAxis:
    'Score, % of the maximum: each bar from its number up to the next; 100 is full marks.',
  studentsColumn: 'Students',
} as const;

export const challengeStatisticsParamsSchema = z.object({ challengeId: challengeIdSchema });
export const examSlotStatisticsParamsSchema = z.object({
  examCode: examCodeSchema,
  slot: z.coerce
    .number({ error: statisticsMessages.invalidSlot })
    .int({ error: statisticsMessages.invalidSlot })
    .min(1, { error: statisticsMessages.invalidSlot })
    .max(1000, { error: statisticsMessages.invalidSlot }),
});
/** `?sectionId=`: only the students of that section of the course, as in Results. */
export const statisticsQuerySchema = z.object({ sectionId: sectionFilterSchema });

export const verdictCountSchema = z.object({ verdict: z.enum(VERDICTS), count: z.number().int() });
export type VerdictCount = z.infer<typeof verdictCountSchema>;

export const wrongOutputSchema = z.object({
  /** Students whose counted submission printed exactly this on the test. */
  count: z.number().int(),
  /** The first WRONG_OUTPUT_SAMPLE_CHARS characters of it. */
  sample: z.string(),
  /** The output is longer than the sample (or was cut by the judge at 64 KB). */
  shortened: z.boolean(),
});
export type WrongOutput = z.infer<typeof wrongOutputSchema>;

export const testStatisticsSchema = z.object({
  /** 0-based, as the submissions' tests. */
  index: z.number().int(),
  hidden: z.boolean(),
  /** Counted submissions that were judged on this test (older ones may have had fewer tests). */
  judged: z.number().int(),
  passed: z.number().int(),
  /** Most frequent first. */
  verdicts: z.array(verdictCountSchema),
  /** Wrong Answer outputs grouped by identical text, most frequent first, at most 5. */
  wrongOutputs: z.array(wrongOutputSchema),
  /** How many different wrong outputs there were in all. */
  wrongOutputGroups: z.number().int(),
});
export type TestStatistics = z.infer<typeof testStatisticsSchema>;

export const scoreBinSchema = z.object({
  /** Percent of the maximum, `from` included; `to` excluded except for the last bin (100–100). */
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type ScoreBin = z.infer<typeof scoreBinSchema>;

export const challengeStatisticsSchema = z.object({
  challengeId: z.string(),
  challengeName: z.string(),
  maxScore: z.number(),
  /** Students with a counted (judged) submission: every figure below is out of them. */
  students: z.number().int(),
  tests: z.array(testStatisticsSchema),
  histogram: z.array(scoreBinSchema),
});
export type ChallengeStatistics = z.infer<typeof challengeStatisticsSchema>;

export const statisticsResponseSchema = z.object({
  /** The challenge's name, or the exam's title with the slot. */
  title: z.string(),
  /** With the exam slot's statistics: the exam and the slot. */
  exam: z.object({ examCode: z.string(), title: z.string(), slot: z.number().int() }).optional(),
  course: resultsCourseSchema.optional(),
  /** One per challenge: the challenge itself, or each challenge the exam slot draws from. */
  challenges: z.array(challengeStatisticsSchema),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
