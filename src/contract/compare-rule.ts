/**
 * How a program's output is compared with a test's expected output, chosen per challenge (issue 14
 * item 1). Two rules:
 * - `default`: the default output validator of Kattis (problemtools) and DOMjudge, so problems
 *   reused from their archives judge the same here. Its flags keep their meanings, in camelCase:
 *   `case_sensitive` → caseSensitive, `space_change_sensitive` → spaceChangeSensitive,
 *   `float_absolute_tolerance` → floatAbsoluteTolerance, `float_relative_tolerance` →
 *   floatRelativeTolerance, `float_tolerance` → floatTolerance (both at once).
 * - `exact`: the rule every challenge had before, line by line, forgiving only spaces at line ends
 *   and blank lines at the end. Challenges created before compare modes keep it.
 * - `checker`: the teacher's own program judges each output (issue 14 item 2), with the Kattis
 *   output validator interface. The rule names only its language: the program's source is a
 *   separate field of the challenge (`checkerSource`), because this rule travels to students with
 *   every result and a checker may well hold the answers.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { JUDGE_LANGUAGES } from './verdicts.ts';

export const COMPARE_MODES = ['default', 'exact', 'checker'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

const flag = z.boolean({ error: messages.invalidCompareFlag });
// Finite by zod's own rule (JSON cannot carry Infinity or NaN anyway); 0 is a real tolerance.
const tolerance = z
  .number({ error: messages.invalidFloatTolerance })
  .min(0, { error: messages.invalidFloatTolerance });

export const defaultValidatorRuleSchema = z.strictObject(
  {
    mode: z.literal('default'),
    caseSensitive: flag.default(false),
    spaceChangeSensitive: flag.default(false),
    floatAbsoluteTolerance: tolerance.optional(),
    floatRelativeTolerance: tolerance.optional(),
    /** Both tolerances at once; an explicit absolute or relative one wins over it. */
    floatTolerance: tolerance.optional(),
  },
  { error: messages.invalidCompareSetting },
);

export const exactRuleSchema = z.strictObject(
  { mode: z.literal('exact') },
  { error: messages.invalidCompareSetting },
);

export const checkerRuleSchema = z.strictObject(
  {
    mode: z.literal('checker'),
    language: z.enum(JUDGE_LANGUAGES, { error: messages.invalidLanguage }),
  },
  { error: messages.invalidCompareSetting },
);

export const compareRuleSchema = z.discriminatedUnion(
  'mode',
  [defaultValidatorRuleSchema, exactRuleSchema, checkerRuleSchema],
  { error: messages.invalidCompareMode },
);
export type CompareRule = z.infer<typeof compareRuleSchema>;
export type CompareRuleInput = z.input<typeof compareRuleSchema>;
export type DefaultValidatorRule = z.infer<typeof defaultValidatorRuleSchema>;
export type CheckerRule = z.infer<typeof checkerRuleSchema>;

/** What a new challenge gets when it names no rule: Kattis's default validator without flags. */
export const NEW_CHALLENGE_COMPARE_RULE: DefaultValidatorRule = {
  mode: 'default',
  caseSensitive: false,
  spaceChangeSensitive: false,
};

/** The rule of challenges (and results) from before compare modes existed. */
export const EXACT_COMPARE_RULE: CompareRule = { mode: 'exact' } as const;

/**
 * The tolerances in force, undefined where none is set. Kattis applies its flags in order, a later
 * one overriding; a structured rule has no order, so the specific tolerance wins over
 * `floatTolerance`, which is what a package writing both means.
 */
export function tolerancesOf(rule: DefaultValidatorRule): {
  absolute: number | undefined;
  relative: number | undefined;
} {
  return {
    absolute: rule.floatAbsoluteTolerance ?? rule.floatTolerance,
    relative: rule.floatRelativeTolerance ?? rule.floatTolerance,
  };
}
