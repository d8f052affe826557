/**
 * Makes one-time passwords (contract/one-time-passwords.ts): ten characters of an alphabet with
 * nothing a reader can mistake on a printed slip, in two groups of five. Each character comes
 * from crypto.randomInt, which draws without modulo bias, so every password is equally likely.
 */
import crypto from 'node:crypto';
import {
  ONE_TIME_PASSWORD_ALPHABET,
  ONE_TIME_PASSWORD_GROUP,
} from '../../contract/one-time-passwords.ts';

export function newOneTimePassword(
  randomIndex: (size: number) => number = (size) => crypto.randomInt(size),
): string {
  const group = () =>
    Array.from(
      { length: ONE_TIME_PASSWORD_GROUP },
      () => ONE_TIME_PASSWORD_ALPHABET[randomIndex(ONE_TIME_PASSWORD_ALPHABET.length)],
    ).join('');
  return `${group()}-${group()}`;
}
