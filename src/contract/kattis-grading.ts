/**
 * How a scoring problem imported from a Kattis package grades (issue 35, item 3), as problemtools'
 * default grader does: every test scores its group's `accept_score` when accepted and its
 * `reject_score` otherwise; each node of the test data tree (the root, `sample`, `secret`, and
 * each group under `secret`) combines its children's verdicts and scores by its `grader_flags`
 * (`sum`, `min`, `max`, `avg`; `worst_error`, `first_error`, `always_accept`;
 * `accept_if_any_accepted`; `ignore_sample` at the root) and stops at its first rejected child
 * when `on_reject` is `break`. The challenge's score is its points times the root's score over
 * the root's score when every test is accepted. Challenges without it (every challenge written in
 * the portal, and pass-fail packages) score by their test groups (test-groups.ts).
 *
 * Imports nothing but zod (src/contract rule); the evaluation is in src/server/judge/kattis-grade.ts.
 */
import { z } from 'zod';
import { GROUP_NAME_PATTERN } from './test-groups.ts';

export const SCORE_AGGREGATES = ['sum', 'min', 'max', 'avg'] as const;
export const VERDICT_AGGREGATES = ['worst_error', 'first_error', 'always_accept'] as const;

const score = z.number().finite().min(-1e6).max(1e6);

/** One node's testdata.yaml, its parents' settings and the defaults filled in. */
export const kattisNodeSchema = z.strictObject({
  aggregate: z.enum(SCORE_AGGREGATES),
  verdict: z.enum(VERDICT_AGGREGATES),
  acceptIfAnyAccepted: z.boolean(),
  /** The root only: the first child (sample) is left out of both verdict and score. */
  ignoreSample: z.boolean(),
  acceptScore: score,
  rejectScore: score,
  onReject: z.enum(['break', 'continue']),
});
export type KattisNode = z.infer<typeof kattisNodeSchema>;

export const kattisGradingSchema = z.strictObject({
  root: kattisNodeSchema,
  sample: kattisNodeSchema,
  secret: kattisNodeSchema,
  /** The groups under `secret`, by the name their tests carry (test-groups.ts). */
  groups: z
    .record(z.string().regex(GROUP_NAME_PATTERN), kattisNodeSchema)
    .refine((g) => Object.keys(g).length <= 100),
});
export type KattisGrading = z.infer<typeof kattisGradingSchema>;

/** problemtools' defaults (its config/testdata.yaml). */
export const KATTIS_NODE_DEFAULTS: KattisNode = {
  aggregate: 'sum',
  verdict: 'worst_error',
  acceptIfAnyAccepted: false,
  ignoreSample: false,
  acceptScore: 1,
  rejectScore: 0,
  onReject: 'break',
};
