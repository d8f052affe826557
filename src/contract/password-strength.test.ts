import { describe, expect, it } from 'vitest';
import {
  characterKinds,
  isStrongEnough,
  passwordStrength,
  strengthLabels,
} from './password-strength.ts';

describe('characterKinds', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['ABC', 1],
    ['123', 1],
    ['#!?', 1],
    ['aB', 2],
    ['a1', 2],
    ['a ', 2],
    ['aB1', 3],
    ['aB1$', 4],
    ['aaaaBBBB1111$$$$', 4],
  ])('counts %j as %i kinds', (password, expected) => {
    expect(characterKinds(password)).toBe(expected);
  });

  it('judges letters by Unicode case and treats other characters as symbols', () => {
    expect(characterKinds('éÉ')).toBe(2);
    expect(characterKinds('ab€')).toBe(2);
    expect(characterKinds('ab漢')).toBe(2);
  });
});

describe('passwordStrength at every boundary of spec §5', () => {
  it.each([
    // Weak: 2 kinds from 8 characters.
    ['abcdef1', 'tooWeak'], // 7 chars, 2 kinds
    ['abcdefg1', 'weak'], // 8 chars, 2 kinds
    ['abcdefgh', 'tooWeak'], // 8 chars, 1 kind
    ['abcdefghijklmnop', 'tooWeak'], // 16 chars, 1 kind
    ['abcdefG1', 'weak'], // 8 chars, 3 kinds
    ['abcdeG1$', 'weak'], // 8 chars, 4 kinds (but under 10)
    // Medium: 4 kinds from 10 characters.
    ['abcdeG1$x', 'weak'], // 9 chars, 4 kinds
    ['abcdeG1$xy', 'medium'], // 10 chars, 4 kinds
    ['abcdefG1xy', 'weak'], // 10 chars, 3 kinds
    ['abcdefghijklmnopqrstuvwxyZ1', 'weak'], // long, 3 kinds
    // Strong: 4 kinds from 12 characters.
    ['abcdeG1$xyz', 'medium'], // 11 chars, 4 kinds
    ['abcdeG1$xyzw', 'strong'], // 12 chars, 4 kinds
    ['abcdefgG1xyz', 'weak'], // 12 chars, 3 kinds
    ['abcdefghijkl', 'tooWeak'], // 12 chars, 1 kind
  ] as const)('%j is %s', (password, tier) => {
    expect(passwordStrength(password)).toBe(tier);
  });

  it.each([
    [1, 'aaaaaaaaaaa', 'tooWeak'],
    [2, 'aaaaaaaaaaA', 'weak'],
    [3, 'aaaaaaaaaA1', 'weak'],
    [4, 'aaaaaaaaA1!', 'medium'],
  ] as const)('with %i kind(s) and 11 characters the tier is %s', (kinds, password, tier) => {
    expect(characterKinds(password)).toBe(kinds);
    expect([...password].length).toBe(11);
    expect(passwordStrength(password)).toBe(tier);
  });

  it('rates the empty password Too weak', () => {
    expect(passwordStrength('')).toBe('tooWeak');
  });

  it('counts characters, not UTF-16 units', () => {
    // 9 characters but 10 UTF-16 units: still under Medium's 10.
    expect(passwordStrength('aB1$😀xyzw')).toBe('weak');
    expect(passwordStrength('aB1$😀xyzwv')).toBe('medium');
  });
});

describe('isStrongEnough', () => {
  it('accepts Medium and Strong only', () => {
    expect(isStrongEnough('abcdeG1$x')).toBe(false);
    expect(isStrongEnough('abcdeG1$xy')).toBe(true);
    expect(isStrongEnough('abcdeG1$xyzw')).toBe(true);
    expect(isStrongEnough('abcdefg1')).toBe(false);
  });
});

describe('strengthLabels', () => {
  it("uses the spec's tier names", () => {
    expect(strengthLabels).toEqual({
      tooWeak: 'Too weak',
      weak: 'Weak',
      medium: 'Medium',
      strong: 'Strong',
    });
  });
});
