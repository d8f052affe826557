/**
 * Makes enrolment codes (contract/enrolment-codes.ts): two groups of four characters of an
 * alphabet a reader cannot misread on a projected slide, joined by the dot no test code can
 * hold. Each character comes from crypto.randomInt, which draws without modulo bias, so every
 * code is equally likely and knowing one course's code says nothing about another's.
 */
import crypto from 'node:crypto';
import { ENROLMENT_CODE_ALPHABET, ENROLMENT_CODE_GROUP } from '../../contract/enrolment-codes.ts';

export function newEnrolmentCode(
  randomIndex: (size: number) => number = (size) => crypto.randomInt(size),
): string {
  const group = () =>
    Array.from(
      { length: ENROLMENT_CODE_GROUP },
      () => ENROLMENT_CODE_ALPHABET[randomIndex(ENROLMENT_CODE_ALPHABET.length)],
    ).join('');
  return `${group()}.${group()}`;
}
