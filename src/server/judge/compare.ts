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

/**
 * Trailing white space off every line and empty lines off the end. `trimEnd` removes exactly
 * what `/\s+$/u` does (white space and line terminators) at a fraction of a regular expression's
 * cost per line: a test of 200,000 lines spent ~50 ms here per side (bench/judge-box-cost.ts).
 */
export function normalizeOutput(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) lines[i] = (lines[i] ?? '').trimEnd();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function outputsMatch(actual: string, expected: string): boolean {
  // The same text is the same after normalising: most accepted outputs end here.
  if (actual === expected) return true;
  return normalizeOutput(actual) === normalizeOutput(expected);
}

/** Without a rule: `exact`, what every challenge was judged by before rules could be chosen. */
export function outputMatchesRule(
  actual: string,
  expected: string,
  rule: CompareRule = EXACT_COMPARE_RULE,
): boolean {
  // Identical text passes every rule (tolerances, case and space flags only ever loosen).
  if (actual === expected) return true;
  return rule.mode === 'default'
    ? defaultValidatorAccepts(actual, expected, rule)
    : outputsMatch(actual, expected);
}
