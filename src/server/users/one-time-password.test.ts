import { describe, expect, it } from 'vitest';
import {
  ONE_TIME_PASSWORD_ALPHABET,
  ONE_TIME_PASSWORD_PATTERN,
} from '../../contract/one-time-passwords.ts';
import { newOneTimePassword } from './one-time-password.ts';

describe('newOneTimePassword', () => {
  it('makes two groups of five from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(newOneTimePassword()).toMatch(ONE_TIME_PASSWORD_PATTERN);
    }
  });

  it('never uses a character a reader could confuse', () => {
    for (const ambiguous of ['0', 'o', 'O', '1', 'l', 'I', 'i']) {
      expect(ONE_TIME_PASSWORD_ALPHABET).not.toContain(ambiguous);
    }
    // The pattern and the alphabet say the same thing.
    expect(ONE_TIME_PASSWORD_PATTERN.test(`${ONE_TIME_PASSWORD_ALPHABET.slice(0, 5)}-23456`)).toBe(
      true,
    );
    expect(ONE_TIME_PASSWORD_PATTERN.test('abcd0-23456')).toBe(false);
  });

  it('draws every character from the random source, over the whole alphabet', () => {
    const size = ONE_TIME_PASSWORD_ALPHABET.length;
    const draws: number[] = [];
    const first = newOneTimePassword((n) => {
      draws.push(n);
      return 0;
    });
    expect(first).toBe('aaaaa-aaaaa');
    expect(draws).toEqual(Array.from({ length: 10 }, () => size));
    expect(newOneTimePassword((n) => n - 1)).toBe('99999-99999');
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newOneTimePassword()));
    expect(seen.size).toBe(1000);
  });
});
