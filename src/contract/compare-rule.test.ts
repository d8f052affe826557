import { describe, expect, it } from 'vitest';
import { describeCompareRule, formatTolerance } from './compare-rule-text.ts';
import { compareRuleSchema, NEW_CHALLENGE_COMPARE_RULE, tolerancesOf } from './compare-rule.ts';
import { messages } from './messages.ts';

const parse = (value: unknown) => compareRuleSchema.safeParse(value);
const firstMessage = (value: unknown) => parse(value).error?.issues[0]?.message;

describe('the compare rule schema', () => {
  it('fills the default flags and keeps tolerances that are given', () => {
    expect(parse({ mode: 'default' }).data).toEqual(NEW_CHALLENGE_COMPARE_RULE);
    expect(parse({ mode: 'default', floatTolerance: 1e-6 }).data).toEqual({
      ...NEW_CHALLENGE_COMPARE_RULE,
      floatTolerance: 1e-6,
    });
    expect(parse({ mode: 'exact' }).data).toEqual({ mode: 'exact' });
    expect(parse({ mode: 'checker', language: 'cpp' }).data).toEqual({
      mode: 'checker',
      language: 'cpp',
    });
  });
  it('names only the language of a checker: its source is never part of the rule', () => {
    expect(firstMessage({ mode: 'checker' })).toBe(messages.invalidLanguage);
    expect(firstMessage({ mode: 'checker', language: 'rust' })).toBe(messages.invalidLanguage);
    expect(firstMessage({ mode: 'checker', language: 'cpp', source: 'int main(){}' })).toBe(
      messages.invalidCompareSetting,
    );
    expect(describeCompareRule({ mode: 'checker', language: 'cpp' })).toBe(
      messages.comparedByChecker,
    );
  });
  it('answers each bad value with its message', () => {
    expect(firstMessage({ mode: 'tokens' })).toBe(messages.invalidCompareMode);
    expect(firstMessage('default')).toBe(messages.invalidCompareMode);
    expect(firstMessage({ mode: 'default', caseSensitive: 'yes' })).toBe(
      messages.invalidCompareFlag,
    );
    expect(firstMessage({ mode: 'default', floatTolerance: -1e-6 })).toBe(
      messages.invalidFloatTolerance,
    );
    expect(firstMessage({ mode: 'default', floatAbsoluteTolerance: '1e-6' })).toBe(
      messages.invalidFloatTolerance,
    );
    expect(firstMessage({ mode: 'default', case_sensitive: true })).toBe(
      messages.invalidCompareSetting,
    );
    expect(firstMessage({ mode: 'exact', floatTolerance: 1e-6 })).toBe(
      messages.invalidCompareSetting,
    );
  });
  it('lets an explicit tolerance win over floatTolerance', () => {
    const rule = { ...NEW_CHALLENGE_COMPARE_RULE, floatTolerance: 1e-6 };
    expect(tolerancesOf(rule)).toEqual({ absolute: 1e-6, relative: 1e-6 });
    expect(tolerancesOf({ ...rule, floatRelativeTolerance: 1e-3 })).toEqual({
      absolute: 1e-6,
      relative: 1e-3,
    });
    expect(tolerancesOf(NEW_CHALLENGE_COMPARE_RULE)).toEqual({
      absolute: undefined,
      relative: undefined,
    });
  });
});

describe('describeCompareRule', () => {
  it('says what each rule does in one sentence', () => {
    expect(describeCompareRule({ mode: 'exact' })).toBe(messages.comparedExact);
    expect(describeCompareRule(NEW_CHALLENGE_COMPARE_RULE)).toBe(
      'Compared token by token, ignoring case and spacing',
    );
    expect(describeCompareRule({ ...NEW_CHALLENGE_COMPARE_RULE, floatTolerance: 1e-6 })).toBe(
      'Compared token by token, ignoring case and spacing; numbers within 1e-6',
    );
    expect(
      describeCompareRule({
        mode: 'default',
        caseSensitive: true,
        spaceChangeSensitive: true,
        floatAbsoluteTolerance: 1e-9,
        floatRelativeTolerance: 0.001,
      }),
    ).toBe(
      'Compared token by token; letter case and spacing must match exactly; numbers within 1e-9 absolute or 0.001 relative',
    );
    expect(
      describeCompareRule({
        ...NEW_CHALLENGE_COMPARE_RULE,
        caseSensitive: true,
        floatRelativeTolerance: 1e-4,
      }),
    ).toBe(
      'Compared token by token, ignoring spacing; letter case must match; numbers within 1e-4 relative',
    );
  });
  it('writes small and large tolerances as powers of ten', () => {
    expect(formatTolerance(1e-6)).toBe('1e-6');
    expect(formatTolerance(2.5e-7)).toBe('2.5e-7');
    expect(formatTolerance(0.01)).toBe('0.01');
    expect(formatTolerance(0)).toBe('0');
    expect(formatTolerance(1e9)).toBe('1e9');
  });
});
