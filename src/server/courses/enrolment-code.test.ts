import { describe, expect, it } from 'vitest';
import { CHALLENGE_ID_PATTERN } from '../../contract/challenges.ts';
import { ENROLMENT_CODE_ALPHABET, enrolmentCodeOf } from '../../contract/enrolment-codes.ts';
import { newEnrolmentCode } from './enrolment-code.ts';

describe('newEnrolmentCode', () => {
  it('draws two groups of four from the alphabet, joined by a dot', () => {
    let next = 0;
    const code = newEnrolmentCode((size) => next++ % size);
    expect(code).toBe('ABCD.EFGH');
    expect(newEnrolmentCode(() => ENROLMENT_CODE_ALPHABET.length - 1)).toBe('9999.9999');
  });

  it('leaves out characters a reader can mistake', () => {
    expect(ENROLMENT_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(ENROLMENT_CODE_ALPHABET).size).toBe(31);
  });

  it('makes codes the shape check accepts and no test code can equal', () => {
    for (let i = 0; i < 200; i++) {
      const code = newEnrolmentCode();
      expect(enrolmentCodeOf(code)).toBe(code);
      expect(CHALLENGE_ID_PATTERN.test(code)).toBe(false);
    }
  });
});

describe('enrolmentCodeOf', () => {
  it('reads a typed code in any case with spaces around it', () => {
    expect(enrolmentCodeOf('  k7mq.xp4t ')).toBe('K7MQ.XP4T');
  });

  it('refuses anything else, test codes included', () => {
    for (const typed of ['K7MQXP4T', 'K7MQ-XP4T', 'K7MQ.XP4', 'K0MQ.XP4T', 'CS-101', '', 'A.B']) {
      expect(enrolmentCodeOf(typed)).toBeNull();
    }
  });
});
