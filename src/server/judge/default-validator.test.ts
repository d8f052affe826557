import { describe, expect, it } from 'vitest';
import {
  defaultValidatorRuleSchema,
  type CompareRuleInput,
  type DefaultValidatorRule,
} from '../../contract/compare-rule.ts';
import { defaultValidatorAccepts, readFloat } from './default-validator.ts';

type Flags = Omit<Extract<CompareRuleInput, { mode: 'default' }>, 'mode'>;
const rule = (flags: Flags = {}): DefaultValidatorRule =>
  defaultValidatorRuleSchema.parse({ mode: 'default', ...flags });

/** Accepted under the flags: (output, expected). */
const accepts = (actual: string, expected: string, flags?: Flags) =>
  defaultValidatorAccepts(actual, expected, rule(flags));

describe('the default validator without flags (Kattis and DOMjudge defaults)', () => {
  it('accepts the same tokens with any whitespace between, before or after them', () => {
    expect(accepts('1 2\n3\n', '1 2\n3\n')).toBe(true);
    expect(accepts('  1   2 3', '1 2\n3\n')).toBe(true);
    expect(accepts('1\t2\v3\f', '1 2 3')).toBe(true);
    expect(accepts('\n\n1 2 3\n\n\n', '1 2 3')).toBe(true);
  });
  it('accepts tokens split across lines differently', () => {
    expect(accepts('1\n2\n3\n', '1 2 3\n')).toBe(true);
    expect(accepts('hello world\n', 'hello\nworld\n')).toBe(true);
  });
  it('accepts Windows line endings (CR is whitespace)', () => {
    expect(accepts('a\r\nb\r\n', 'a\nb\n')).toBe(true);
    expect(accepts('a b\n', 'a\r\nb\r\n')).toBe(true);
  });
  it('ignores ASCII letter case', () => {
    expect(accepts('YES\n', 'yes\n')).toBe(true);
    expect(accepts('Possible', 'POSSIBLE')).toBe(true);
  });
  it('folds only A-Z, as strcasecmp does in the C locale', () => {
    expect(accepts('É', 'é')).toBe(false);
    expect(accepts('straße', 'STRASSE')).toBe(false);
    expect(accepts('é', 'é')).toBe(true);
  });
  it('never splits or joins tokens', () => {
    expect(accepts('12', '1 2')).toBe(false);
    expect(accepts('1 2', '12')).toBe(false);
    expect(accepts('ab', 'a b')).toBe(false);
  });
  it('rejects missing, extra and wrong tokens', () => {
    expect(accepts('1 2', '1 2 3')).toBe(false);
    expect(accepts('1 2 3 4', '1 2 3')).toBe(false);
    expect(accepts('1 2 4', '1 2 3')).toBe(false);
    expect(accepts('', '0')).toBe(false);
    expect(accepts('   \n', '0')).toBe(false);
    expect(accepts('0', '')).toBe(false);
  });
  it('accepts empty or blank output against an empty answer', () => {
    expect(accepts('', '')).toBe(true);
    expect(accepts(' \n\t\n', '')).toBe(true);
    expect(accepts('', '\n')).toBe(true);
  });
  it('compares numbers as text when no tolerance is set', () => {
    expect(accepts('1.0', '1')).toBe(false);
    expect(accepts('-0', '0')).toBe(false);
    expect(accepts('1e-7', '0')).toBe(false);
    expect(accepts('0.5', '0.5')).toBe(true);
    expect(accepts('1E5', '1e5')).toBe(true); // same text but for case
  });
  it('treats only C whitespace as a separator, not other Unicode spaces', () => {
    expect(accepts('1\u00a02', '1 2')).toBe(false);
    expect(accepts('1\u20032', '1 2')).toBe(false);
  });
});

describe('caseSensitive', () => {
  it('makes letter case count', () => {
    expect(accepts('YES', 'yes', { caseSensitive: true })).toBe(false);
    expect(accepts('yes', 'yes', { caseSensitive: true })).toBe(true);
  });
  it('still ignores spacing', () => {
    expect(accepts(' yes \n no', 'yes no', { caseSensitive: true })).toBe(true);
  });
});

describe('spaceChangeSensitive', () => {
  const flags = { spaceChangeSensitive: true };
  it('accepts the same text with the same whitespace', () => {
    expect(accepts('1 2\n3\n', '1 2\n3\n', flags)).toBe(true);
  });
  it('rejects any change of spacing, leading, inner or trailing', () => {
    expect(accepts('1  2\n3\n', '1 2\n3\n', flags)).toBe(false);
    expect(accepts(' 1 2\n3\n', '1 2\n3\n', flags)).toBe(false);
    expect(accepts('1 2\n3', '1 2\n3\n', flags)).toBe(false);
    expect(accepts('1 2\n3\n\n', '1 2\n3\n', flags)).toBe(false);
    expect(accepts('1 2 3\n', '1 2\n3\n', flags)).toBe(false);
    expect(accepts('1\t2\n3\n', '1 2\n3\n', flags)).toBe(false);
  });
  it('rejects CRLF against LF, as problemtools does (CR is a character of its own there)', () => {
    expect(accepts('a\r\nb\r\n', 'a\nb\n', flags)).toBe(false);
    expect(accepts('a\r\nb\r\n', 'a\r\nb\r\n', flags)).toBe(true);
  });
  it('still ignores letter case unless caseSensitive', () => {
    expect(accepts('YES\n', 'yes\n', flags)).toBe(true);
    expect(accepts('YES\n', 'yes\n', { ...flags, caseSensitive: true })).toBe(false);
  });
  it('rejects empty output against an answer that is only a line break', () => {
    expect(accepts('', '\n', flags)).toBe(false);
    expect(accepts('', '', flags)).toBe(true);
  });
});

describe('float tolerances', () => {
  it('floatAbsoluteTolerance: |expected - output| <= tolerance', () => {
    const flags = { floatAbsoluteTolerance: 1e-6 };
    expect(accepts('1e-7', '0', flags)).toBe(true);
    expect(accepts('0', '1e-7', flags)).toBe(true);
    expect(accepts('-0.0000009', '0', flags)).toBe(true);
    expect(accepts('0.000002', '0', flags)).toBe(false);
    expect(accepts('3.1415930', '3.14159265', flags)).toBe(true);
    expect(accepts('3.1416', '3.14159265', flags)).toBe(false);
    expect(accepts('1000000.0000005', '1e6', flags)).toBe(true);
  });
  it('floatRelativeTolerance: |expected - output| <= tolerance × |expected|', () => {
    const flags = { floatRelativeTolerance: 1e-6 };
    expect(accepts('1000000.5', '1e6', flags)).toBe(true);
    expect(accepts('1000002', '1e6', flags)).toBe(false);
    expect(accepts('-1000000.5', '-1e6', flags)).toBe(true);
    // Relative to 0 nothing but 0 itself is close enough.
    expect(accepts('1e-300', '0', flags)).toBe(false);
    expect(accepts('0', '0', flags)).toBe(true);
  });
  it('floatTolerance sets both: within either one is enough', () => {
    const flags = { floatTolerance: 1e-6 };
    expect(accepts('1e-7', '0', flags)).toBe(true);
    expect(accepts('1000000.5', '1e6', flags)).toBe(true);
    expect(accepts('1000002', '1e6', flags)).toBe(false);
  });
  it('lets an explicit absolute or relative tolerance win over floatTolerance', () => {
    expect(accepts('1000000.5', '1e6', { floatTolerance: 1e-6, floatRelativeTolerance: 0 })).toBe(
      false,
    );
    expect(accepts('0.5', '0', { floatTolerance: 1e-6, floatAbsoluteTolerance: 1 })).toBe(true);
  });
  it('a tolerance of 0 still compares numbers as numbers', () => {
    const flags = { floatAbsoluteTolerance: 0 };
    expect(accepts('1.0', '1', flags)).toBe(true);
    expect(accepts('1e0', '1', flags)).toBe(true);
    expect(accepts('1.0000001', '1', flags)).toBe(false);
  });
  it('treats -0 as 0', () => {
    const flags = { floatAbsoluteTolerance: 1e-9 };
    expect(accepts('-0', '0', flags)).toBe(true);
    expect(accepts('0', '-0', flags)).toBe(true);
    expect(accepts('-0.000', '0.0', flags)).toBe(true);
  });
  it('wants a number where the answer has one', () => {
    const flags = { floatTolerance: 1e-6 };
    expect(accepts('one', '1', flags)).toBe(false);
    expect(accepts('1.0x', '1', flags)).toBe(false);
    expect(accepts('1,0', '1', flags)).toBe(false);
    expect(accepts('1e', '1', flags)).toBe(false);
  });
  it('reads every strtod spelling of a number in the output', () => {
    const flags = { floatAbsoluteTolerance: 1e-9 };
    expect(accepts('+1.', '1', flags)).toBe(true);
    expect(accepts('.5', '0.5', flags)).toBe(true);
    expect(accepts('5E-1', '0.5', flags)).toBe(true);
    expect(accepts('0x1p-1', '0.5', flags)).toBe(true);
    expect(accepts('0X.8', '0.5', flags)).toBe(true);
  });
  it('compares NaN and inf as text: they are not numbers to problemtools', () => {
    const flags = { floatTolerance: 1e-6 };
    expect(accepts('nan', 'nan', flags)).toBe(true);
    expect(accepts('NaN', 'nan', flags)).toBe(true);
    expect(accepts('NaN', 'nan', { ...flags, caseSensitive: true })).toBe(false);
    expect(accepts('inf', 'inf', flags)).toBe(true);
    expect(accepts('-INF', '-inf', flags)).toBe(true);
    expect(accepts('infinity', 'inf', flags)).toBe(false);
    expect(accepts('1e999', 'inf', flags)).toBe(false);
    // An output of nan or inf where the answer is a number is wrong.
    expect(accepts('nan', '1.5', flags)).toBe(false);
    expect(accepts('inf', '1e308', flags)).toBe(false);
  });
  it('handles huge exponents: overflow is text, underflow is 0', () => {
    const flags = { floatAbsoluteTolerance: 1e-6 };
    // 1e400 overflows a double (inf), so it is compared as text.
    expect(accepts('1e400', '1e400', flags)).toBe(true);
    expect(accepts('1E400', '1e400', flags)).toBe(true);
    expect(accepts('10e399', '1e400', flags)).toBe(false);
    expect(accepts('1e400', '1e308', flags)).toBe(false);
    // 1e-400 underflows to 0.
    expect(accepts('0', '1e-400', flags)).toBe(true);
    expect(accepts('1e-99999999999', '0', flags)).toBe(true);
    expect(accepts('1.7976931348623157e308', '1.7976931348623157e308', flags)).toBe(true);
    // The difference of two huge numbers overflows to inf: never within a tolerance.
    expect(accepts('-1.7e308', '1.7e308', flags)).toBe(false);
    expect(accepts('1.7e308', '1.7e308', { floatRelativeTolerance: 1e-9 })).toBe(true);
  });
  it('compares tokens that are not numbers as text, case-insensitively by default', () => {
    const flags = { floatTolerance: 1e-6 };
    expect(accepts('Case #1: 0.3333333', 'case #1: 0.333333333', flags)).toBe(true);
    expect(accepts('Case #2: 0.3333333', 'case #1: 0.333333333', flags)).toBe(false);
  });
  it('works token by token across lines, CRLF and all', () => {
    const flags = { floatAbsoluteTolerance: 1e-6 };
    expect(accepts('0.1000001\r\n0.2\r\n', '0.1 0.2\n', flags)).toBe(true);
  });
});

describe('readFloat, problemtools isfloat()', () => {
  it('reads finite doubles written wholly as strtod does', () => {
    expect(readFloat('42')).toBe(42);
    expect(readFloat('-0')).toBe(-0);
    expect(readFloat('1e-400')).toBe(0);
    expect(readFloat('0x10')).toBe(16);
    expect(readFloat('0x1.8p1')).toBe(3);
    expect(readFloat('0x1p99999')).toBeUndefined();
  });
  it('refuses non-finite values, partial numbers and other text', () => {
    for (const token of ['nan', 'NaN', 'inf', '-infinity', '1e400', '1e', '.', '-', '0x', '1.2.3'])
      expect(readFloat(token)).toBeUndefined();
  });
});

describe('long outputs', () => {
  it('compares a million tokens in linear time', () => {
    const expected = Array.from({ length: 1_000_000 }, (_, i) => String(i % 1000)).join(' ');
    const actual = expected.replaceAll(' ', '\n');
    const started = performance.now();
    expect(accepts(actual, expected)).toBe(true);
    expect(accepts(actual, expected, { floatTolerance: 1e-9 })).toBe(true);
    expect(accepts(`${actual} 1`, expected)).toBe(false);
    // Linear work takes well under a second here; a quadratic pass would take minutes.
    expect(performance.now() - started).toBeLessThan(5000);
  });
  it('compares one very long token without slicing it when no tolerance is set', () => {
    const long = 'x'.repeat(5_000_000);
    expect(accepts(long, long.toUpperCase())).toBe(true);
    expect(accepts(`${long}y`, long)).toBe(false);
  });
});
