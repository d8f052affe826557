/**
 * The compare rule as one short sentence for people: the student's result and the teacher's
 * drill-down say which rule judged the output, e.g. "Compared token by token, ignoring case and
 * spacing; numbers within 1e-6".
 */
import { tolerancesOf, type CompareRule } from './compare-rule.ts';
import { messages } from './messages.ts';

/** 1e-6 rather than 0.000001: tolerances are read in powers of ten. */
export function formatTolerance(value: number): string {
  if (value !== 0 && (Math.abs(value) < 1e-3 || Math.abs(value) >= 1e6))
    return value.toExponential().replace('e+', 'e');
  return String(value);
}

function numbersPart(absolute: number | undefined, relative: number | undefined): string {
  if (absolute !== undefined && relative !== undefined) {
    return absolute === relative
      ? messages.comparedNumbersWithin.replace('{tolerance}', formatTolerance(absolute))
      : messages.comparedNumbersWithinBoth
          .replace('{absolute}', formatTolerance(absolute))
          .replace('{relative}', formatTolerance(relative));
  }
  if (absolute !== undefined)
    return messages.comparedNumbersWithinAbsolute.replace('{tolerance}', formatTolerance(absolute));
  if (relative !== undefined)
    return messages.comparedNumbersWithinRelative.replace('{tolerance}', formatTolerance(relative));
  return '';
}

export function describeCompareRule(rule: CompareRule): string {
  if (rule.mode === 'exact') return messages.comparedExact;
  if (rule.mode === 'checker') return messages.comparedByChecker;
  const spacing = rule.caseSensitive
    ? rule.spaceChangeSensitive
      ? messages.comparedStrictly
      : messages.comparedIgnoringSpacing
    : rule.spaceChangeSensitive
      ? messages.comparedIgnoringCase
      : messages.comparedIgnoringCaseAndSpacing;
  const { absolute, relative } = tolerancesOf(rule);
  return messages.comparedTokens + spacing + numbersPart(absolute, relative);
}
