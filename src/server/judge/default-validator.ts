/**
 * The default output validator of Kattis (problemtools' default_validator) and DOMjudge, written
 * again here so problems reused from their archives get the same verdicts without a program run
 * per test. Its rules, kept to the letter:
 * - Tokens are separated by runs of whitespace as C's isspace() sees it (space, \t, \n, \v, \f,
 *   \r), so leading, trailing and repeated spaces, line breaks (a token may move to the next
 *   line) and Windows line endings do not matter.
 * - Tokens compare as text, ignoring ASCII letter case unless caseSensitive (strcasecmp in the C
 *   locale: letters outside A-Z are never folded).
 * - spaceChangeSensitive: every whitespace character must be the expected one, CR included, with
 *   nothing more and nothing less (so "\r\n" against "\n" is wrong, as in problemtools).
 * - With a float tolerance, an expected token that reads wholly as a finite double (strtod's
 *   syntax, hexadecimal included) is a number: the output's token must read as a finite number too,
 *   within the absolute tolerance or the relative one (times the expected value's magnitude).
 *   NaN, inf and anything overflowing a double (1e400) are not numbers there, so they compare as
 *   text; an underflow (1e-400) reads as 0, and -0 equals 0.
 * One pass over both texts with two cursors and no copies of the outputs: linear in their length
 * however long, and a token is cut out only when it has to be read as a number.
 */
import { tolerancesOf, type DefaultValidatorRule } from '../../contract/compare-rule.ts';

/** C's isspace() in the C locale: \t \n \v \f \r (9-13) and the space. */
const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/u;
const HEXADECIMAL = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/u;

/** 2^exponent for any exponent, without Math.pow overflowing or underflowing on the way. */
function timesPowerOfTwo(value: number, exponent: number): number {
  let result = value;
  let left = exponent;
  while (left > 1000 && Number.isFinite(result) && result !== 0) {
    result *= 2 ** 1000;
    left -= 1000;
  }
  while (left < -1000 && result !== 0) {
    result *= 2 ** -1000;
    left += 1000;
  }
  return result * 2 ** left;
}

function parseHexadecimal(token: string): number | undefined {
  const match = HEXADECIMAL.exec(token);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  let mantissa = 0;
  for (const digit of whole + fraction) mantissa = mantissa * 16 + parseInt(digit, 16);
  const value = timesPowerOfTwo(mantissa, Number(exponent) - 4 * fraction.length);
  return sign === '-' ? -value : value;
}

/**
 * The token as problemtools' isfloat() reads it (sscanf "%lf" taking the whole token), or
 * undefined when it is not a finite number.
 */
export function readFloat(token: string): number | undefined {
  const value = DECIMAL.test(token) ? Number(token) : parseHexadecimal(token);
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

const foldAscii = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

function sameText(
  a: string,
  aStart: number,
  aEnd: number,
  b: string,
  bStart: number,
  bEnd: number,
  caseSensitive: boolean,
): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i += 1) {
    const x = a.charCodeAt(aStart + i);
    const y = b.charCodeAt(bStart + i);
    if (x !== y && (caseSensitive || foldAscii(x) !== foldAscii(y))) return false;
  }
  return true;
}

function tokenEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !isSpace(text.charCodeAt(end))) end += 1;
  return end;
}

/** Whether the program's output is accepted against the expected output under the rule. */
export function defaultValidatorAccepts(
  actual: string,
  expected: string,
  rule: DefaultValidatorRule,
): boolean {
  const { absolute, relative } = tolerancesOf(rule);
  const useFloats = absolute !== undefined || relative !== undefined;
  let e = 0;
  let a = 0;
  for (;;) {
    // The whitespace before the next expected token: matched character by character when
    // spacing counts, skipped on both sides otherwise.
    while (e < expected.length && isSpace(expected.charCodeAt(e))) {
      if (rule.spaceChangeSensitive) {
        if (a >= actual.length || actual.charCodeAt(a) !== expected.charCodeAt(e)) return false;
        a += 1;
      }
      e += 1;
    }
    while (a < actual.length && isSpace(actual.charCodeAt(a))) {
      if (rule.spaceChangeSensitive) return false;
      a += 1;
    }
    if (e >= expected.length) break;
    if (a >= actual.length) return false;
    const eEnd = tokenEnd(expected, e);
    const aEnd = tokenEnd(actual, a);
    const expectedNumber = useFloats ? readFloat(expected.slice(e, eEnd)) : undefined;
    if (expectedNumber !== undefined) {
      const actualNumber = readFloat(actual.slice(a, aEnd));
      if (actualNumber === undefined) return false;
      const difference = Math.abs(expectedNumber - actualNumber);
      // Written as problemtools writes it: a NaN difference (never here) or an unset tolerance
      // (-1 there, undefined here) fails its side.
      const withinAbsolute = absolute !== undefined && difference <= absolute;
      const withinRelative =
        relative !== undefined && difference <= relative * Math.abs(expectedNumber);
      if (!withinAbsolute && !withinRelative) return false;
    } else if (!sameText(expected, e, eEnd, actual, a, aEnd, rule.caseSensitive)) {
      return false;
    }
    e = eEnd;
    a = aEnd;
  }
  // Anything left in the output after the last expected token is trailing output.
  while (a < actual.length && isSpace(actual.charCodeAt(a))) a += 1;
  return a >= actual.length;
}
