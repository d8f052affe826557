/**
 * Output comparison under a challenge's rule (src/contract/compare-rule.ts): `exact` is below,
 * the Kattis/DOMjudge default validator is in default-validator.ts.
 *
 * `exact`: a program's output matches when it equals the expected output after trailing
 * whitespace is removed from every line and trailing blank lines are dropped, so a missing final
 * newline, Windows line endings or stray spaces at line ends never turn a right answer wrong.
 */
import { EXACT_COMPARE_RULE, type CompareRule } from '../../contract/compare-rule.ts';
import { defaultValidatorAccepts } from './default-validator.ts';

export function normalizeOutput(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+$/u, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}

/** Without a rule: `exact`, what every challenge was judged by before rules could be chosen. */
export function outputMatchesRule(
  actual: string,
  expected: string,
  rule: CompareRule = EXACT_COMPARE_RULE,
): boolean {
  return rule.mode === 'default'
    ? defaultValidatorAccepts(actual, expected, rule)
    : outputsMatch(actual, expected);
}
