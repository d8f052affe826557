/**
 * Problem packages (issue 14 item 7): importing a Kattis problem package (or DOMjudge's zip of
 * the same layout) as a challenge, with the self-check of the package's labelled submissions, as
 * problemtools' verifyproblem does. The dashboard and `npm run problem -- import` use the same
 * call.
 */
import { z } from 'zod';
import { challengeSchema } from './challenges.ts';
import { JUDGE_LANGUAGES, VERDICTS } from './verdicts.ts';

export const problemImportPath = '/api/admin/problems/import';
/** GET: the challenge as a Kattis problem package zip. */
export const problemExportPath = (challengeId: string) =>
  `/api/admin/problems/${encodeURIComponent(challengeId)}/export`;
export const PROBLEM_PACKAGE_FIELD = 'package';
/** The largest package upload, and what it may unpack to. */
export const PROBLEM_PACKAGE_MAX_BYTES = 256 * 1024 * 1024;
/** At most this many of a package's submissions are judged by the self-check. */
export const SELF_CHECK_MAX_SUBMISSIONS = 60;

/** One labelled submission of the package: the verdict its folder promises against the judge's. */
export const selfCheckRowSchema = z.object({
  path: z.string(),
  language: z.enum(JUDGE_LANGUAGES),
  expected: z.enum(VERDICTS),
  got: z.enum(VERDICTS),
  score: z.number(),
  agrees: z.boolean(),
  /** A folder judged as one submission: its files, judged together (the first is the entry). */
  files: z.array(z.string()).optional(),
  /** The judge's own failure (an Internal Error), for the teacher. */
  message: z.string().optional(),
});
export type SelfCheckRow = z.infer<typeof selfCheckRowSchema>;

/**
 * The imported challenge without its test data, checker and statement: a package's tests may
 * weigh tens of MB, which the answer need not carry back (getChallenge has them).
 */
export const importedChallengeSchema = challengeSchema
  .omit({ testCases: true, checkerSource: true, challengeDesc: true })
  .extend({ testCaseCount: z.number().int() });
export type ImportedChallenge = z.infer<typeof importedChallengeSchema>;

export const problemImportResponseSchema = z.object({
  challenge: importedChallengeSchema,
  /** True when an existing challenge with this test code was replaced. */
  replaced: z.boolean(),
  /** The self-check's rows judged so far: none yet when the import answers (see below). */
  selfCheck: z.array(selfCheckRowSchema),
  /**
   * The self-check goes on after the import has answered (a package's submissions on big tests
   * can take minutes, longer than an upload may wait): follow it at selfCheckPath(selfCheckId).
   * Null when there is nothing to check (no submissions, or selfCheck=false).
   */
  selfCheckId: z.string().nullable(),
  /** How many of the package's submissions the self-check judges. */
  selfCheckTotal: z.number().int(),
  /** Parts of the package that were left out, and why. */
  warnings: z.array(z.string()),
});
export type ProblemImportResponse = z.infer<typeof problemImportResponseSchema>;

/** GET: a self-check's progress and rows (any server answers: they are in the database). */
export const selfCheckPath = (id: string) => `/api/admin/problems/self-checks/${id}`;
export const SELF_CHECK_STATUSES = ['running', 'done', 'interrupted'] as const;
export const selfCheckProgressSchema = z.object({
  id: z.string(),
  challengeId: z.string(),
  total: z.number().int(),
  /** The rows judged so far, in the package's order. */
  rows: z.array(selfCheckRowSchema),
  /** `interrupted`: the server judging it stopped (restarted) before the end. */
  status: z.enum(SELF_CHECK_STATUSES),
});
export type SelfCheckProgress = z.infer<typeof selfCheckProgressSchema>;
