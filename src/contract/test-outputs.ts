/**
 * What a program printed on each test of one submission (issue 34 item 1), for staff: the first
 * 64 KiB of its standard output and standard error as the judge kept them, and the test's
 * expected output (from the challenge's current tests, bounded the same way), each marked when
 * cut. Staff only (policy action `results.read`, scoped to the submission's course); students'
 * calls never carry hidden tests' output. Ask for one test (`?test=`) when a row is opened: a
 * submission's every test can weigh megabytes.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

/** What is kept of each stream and shown of the expected output: 64 KiB. */
export const OUTPUT_CAP_BYTES = 64 * 1024;

export const submissionOutputsRoute = '/api/admin/submissions/:submissionId/outputs';
export const submissionOutputsPath = (submissionId: string, test?: number): string =>
  `/api/admin/submissions/${encodeURIComponent(submissionId)}/outputs` +
  (test === undefined ? '' : `?test=${test}`);

export const testOutputMessages = {
  invalidTestIndex: 'The test must be a whole number from 0.',
  submissionNotFound: 'No submission has this id.',
  testNotFound: 'This submission has no such test.',
  // The submissions dialog.
  showOutput: 'Output and diff',
  outputRegion: '{test}: expected and program output',
  outputCut: 'cut at 64 KB: the rest was not kept',
  outputNotKept:
    'This test’s output was not kept: it was judged before outputs were kept, or the judge keeps only some (JUDGE_KEEP_OUTPUT).',
  outputNotRun: 'This test did not run, so there is no output.',
  diffHeading: 'Differences',
  diffIdentical: 'The program printed exactly the expected output.',
  diffStats: '{count} of {total} lines differ.',
  diffTooLarge: 'The outputs differ too much to compare line by line; both are shown in full.',
  diffTableLabel: 'Expected output (left) against the program’s output (right)',
  diffExpectedColumn: 'Expected',
  diffActualColumn: 'Program',
  diffLegend:
    'Whitespace shown as: · space, → tab, ⏎ end of line, \\r carriage return, ° no-break space.',
  diffChanged: 'differs',
  showIdentical: 'Show {count} identical lines',
  stderrEmpty: 'Nothing was written to stderr.',
} as const;

export const submissionOutputsParamsSchema = z.object({
  submissionId: z.uuid({ error: messages.invalidSubmissionId }),
});

export const submissionOutputsQuerySchema = z.object({
  /** 0-based, as the submission's tests; absent: every test. */
  test: z.coerce
    .number({ error: testOutputMessages.invalidTestIndex })
    .int({ error: testOutputMessages.invalidTestIndex })
    .min(0, { error: testOutputMessages.invalidTestIndex })
    .max(100_000, { error: testOutputMessages.invalidTestIndex })
    .optional(),
});

export const capturedTextSchema = z.object({
  text: z.string(),
  /** There was more than OUTPUT_CAP_BYTES; `text` is the start. */
  cut: z.boolean(),
});
export type CapturedText = z.infer<typeof capturedTextSchema>;

export const testOutputSchema = z.object({
  /** 0-based, as `tests` of the submission in the submissions dialog. */
  index: z.number().int(),
  /** The test's expected output now ('' when the challenge no longer has this test). */
  expected: capturedTextSchema,
  /** Null when nothing was kept: not run (Skipped), judged before outputs were kept, or left out. */
  output: z.object({ stdout: capturedTextSchema, stderr: capturedTextSchema }).nullable(),
});
export type TestOutput = z.infer<typeof testOutputSchema>;

export const submissionOutputsResponseSchema = z.object({
  submissionId: z.string(),
  tests: z.array(testOutputSchema),
});
export type SubmissionOutputsResponse = z.infer<typeof submissionOutputsResponseSchema>;
