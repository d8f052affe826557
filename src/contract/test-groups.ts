/**
 * Test groups (issue 14 item 5), as Kattis packages have them (`data/sample`, `data/secret/<group>`):
 * every test belongs to a group, a group scores the sum of its tests or all or nothing, and judging
 * an all-or-nothing group stops at its first failure (Kattis's `on_reject: break`), which also
 * bounds what a bad submission costs.
 *
 * Samples form the group `sample`; a hidden test names its group, or belongs to `secret`. A group a
 * challenge does not define scores the sum of its tests, so every challenge written before groups
 * existed scores as it did.
 */
import { z } from 'zod';
import { checkerArgsSchema } from './checker-args.ts';
import { messages } from './messages.ts';

export const GROUP_SCORINGS = ['sum', 'all'] as const;
export type GroupScoring = (typeof GROUP_SCORINGS)[number];

export const SAMPLE_GROUP = 'sample';
export const DEFAULT_HIDDEN_GROUP = 'secret';
export const GROUP_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/u;

export const groupNameSchema = z
  .string({ error: messages.invalidGroupName })
  .trim()
  .regex(GROUP_NAME_PATTERN, { error: messages.invalidGroupName });

export const testGroupSchema = z.strictObject(
  {
    name: groupNameSchema,
    scoring: z.enum(GROUP_SCORINGS, { error: messages.invalidGroupScoring }),
    /**
     * The checker's arguments for this group's tests, instead of the challenge's (a Kattis
     * group's testdata.yaml giving output_validator_flags of its own); absent: the challenge's.
     */
    checkerArgs: checkerArgsSchema.optional(),
  },
  { error: messages.invalidGroupName },
);
export type TestGroup = z.infer<typeof testGroupSchema>;

/** The group a test belongs to: samples are `sample`, a hidden test's own group or `secret`. */
export function groupOf(test: { hidden: boolean; group?: string | undefined }): string {
  if (!test.hidden) return SAMPLE_GROUP;
  return test.group?.trim() || DEFAULT_HIDDEN_GROUP;
}

/** How a group scores: as its definition says, else the sum of its tests. */
export function scoringOf(groups: readonly TestGroup[], name: string): GroupScoring {
  return groups.find((g) => g.name === name)?.scoring ?? 'sum';
}

/**
 * What is wrong with a challenge's groups and its tests' groups (undefined: nothing): a name
 * defined twice, or a test naming a group the challenge does not define (a typo would otherwise
 * quietly make a group of its own).
 */
export function groupsProblem(
  groups: readonly TestGroup[],
  tests: readonly { hidden: boolean; group?: string | undefined }[],
): string | undefined {
  const names = new Set<string>();
  for (const g of groups) {
    if (names.has(g.name)) return messages.testGroupRepeated.replace('{group}', g.name);
    names.add(g.name);
  }
  names.add(DEFAULT_HIDDEN_GROUP);
  for (const [index, t] of tests.entries()) {
    const named = t.hidden ? t.group?.trim() : undefined;
    if (named && !names.has(named))
      return messages.testGroupUnknown
        .replace('{test}', String(index + 1))
        .replace('{group}', named);
  }
  return undefined;
}
