import { describe, expect, it } from 'vitest';
import { NEW_CHALLENGE_COMPARE_RULE } from '../../contract/compare-rule.ts';
import { normalizeOutput, outputMatchesRule, outputsMatch } from './compare.ts';

describe('outputsMatch', () => {
  it('accepts identical output', () => {
    expect(outputsMatch('1 2\n3\n', '1 2\n3\n')).toBe(true);
  });
  it('ignores trailing spaces and tabs on each line', () => {
    expect(outputsMatch('1 2  \n3\t\n', '1 2\n3\n')).toBe(true);
  });
  it('ignores a missing final newline and trailing blank lines', () => {
    expect(outputsMatch('42', '42\n\n\n')).toBe(true);
    expect(outputsMatch('42\n \n\t\n', '42')).toBe(true);
  });
  it('treats Windows line endings like Unix ones', () => {
    expect(outputsMatch('a\r\nb\r\n', 'a\nb\n')).toBe(true);
  });
  it('keeps leading whitespace and inner spaces significant', () => {
    expect(outputsMatch(' 42', '42')).toBe(false);
    expect(outputsMatch('1  2', '1 2')).toBe(false);
  });
  it('keeps blank lines in the middle significant', () => {
    expect(outputsMatch('a\n\nb', 'a\nb')).toBe(false);
  });
  it('tells different answers apart', () => {
    expect(outputsMatch('41', '42')).toBe(false);
    expect(outputsMatch('', '0')).toBe(false);
  });
  it('trims exactly what /\\s+$/u trimmed before, for every code point of the Basic Multilingual Plane', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const line = `x${String.fromCharCode(code)}`;
      expect(normalizeOutput(line), `U+${code.toString(16)}`).toBe(
        code === 0x0a ? 'x' : line.replace(/\s+$/u, ''),
      );
    }
  });
  it('treats empty and whitespace-only output as equal', () => {
    expect(outputsMatch('\n  \n', '')).toBe(true);
    expect(normalizeOutput('  \n\n')).toBe('');
  });
});

describe('outputMatchesRule', () => {
  it('compares exactly when no rule is given (requests from before compare modes)', () => {
    expect(outputMatchesRule('1  2', '1 2')).toBe(false);
    expect(outputMatchesRule('1 2  \n', '1 2')).toBe(true);
  });
  it('follows the exact rule', () => {
    expect(outputMatchesRule('YES', 'yes', { mode: 'exact' })).toBe(false);
    expect(outputMatchesRule('1\n2', '1 2', { mode: 'exact' })).toBe(false);
  });
  it('follows the default validator for new challenges', () => {
    expect(outputMatchesRule(' YES \n', 'yes', NEW_CHALLENGE_COMPARE_RULE)).toBe(true);
    expect(outputMatchesRule('1\n2', '1 2', NEW_CHALLENGE_COMPARE_RULE)).toBe(true);
    expect(outputMatchesRule('1.0', '1', NEW_CHALLENGE_COMPARE_RULE)).toBe(false);
  });
});
