/**
 * The "Output comparison" part of the challenge form as the inputs hold it (a mode, two flags and
 * two tolerances as text), turned into the contract's compare rule and back. Tolerances are text
 * so 1e-6 can be typed as it is written in problem statements; the schema judges what was typed.
 */
import type { Language } from '../../../contract/challenges.ts';
import {
  NEW_CHALLENGE_COMPARE_RULE,
  tolerancesOf,
  type CompareMode,
  type CompareRule,
  type CompareRuleInput,
} from '../../../contract/compare-rule.ts';

export type CompareFormValues = {
  mode: CompareMode;
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  absoluteTolerance: string;
  relativeTolerance: string;
  /** The checker program's language and source (the `checker` mode only). */
  checkerLanguage: Language;
  checkerSource: string;
};

/** A new challenge starts on the default validator without flags, as the server would give it. */
export function emptyCompareValues(): CompareFormValues {
  return compareValuesFrom(NEW_CHALLENGE_COMPARE_RULE);
}

/** A checker is most often written in C++, as in the problem archives. */
const NO_CHECKER = { checkerLanguage: 'cpp', checkerSource: '' } as const;

export function compareValuesFrom(rule: CompareRule, checkerSource = ''): CompareFormValues {
  if (rule.mode === 'exact') return { ...emptyCompareValues(), mode: 'exact' };
  if (rule.mode === 'checker')
    return {
      ...emptyCompareValues(),
      mode: 'checker',
      checkerLanguage: rule.language,
      checkerSource,
    };
  const { absolute, relative } = tolerancesOf(rule);
  return {
    mode: 'default',
    caseSensitive: rule.caseSensitive,
    spaceChangeSensitive: rule.spaceChangeSensitive,
    absoluteTolerance: absolute === undefined ? '' : String(absolute),
    relativeTolerance: relative === undefined ? '' : String(relative),
    ...NO_CHECKER,
  };
}

/** Empty text is no tolerance; anything else a number (NaN included, for the schema to refuse). */
const tolerance = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim());

export function toCompareRule(values: CompareFormValues): CompareRuleInput {
  if (values.mode === 'exact') return { mode: 'exact' };
  if (values.mode === 'checker') return { mode: 'checker', language: values.checkerLanguage };
  const absolute = tolerance(values.absoluteTolerance);
  const relative = tolerance(values.relativeTolerance);
  // The same number in both is Kattis's float_tolerance: saved as one, as a package writes it.
  const tolerances =
    absolute !== undefined && absolute === relative
      ? { floatTolerance: absolute }
      : {
          ...(absolute === undefined ? {} : { floatAbsoluteTolerance: absolute }),
          ...(relative === undefined ? {} : { floatRelativeTolerance: relative }),
        };
  return {
    mode: 'default',
    caseSensitive: values.caseSensitive,
    spaceChangeSensitive: values.spaceChangeSensitive,
    ...tolerances,
  };
}
