import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  challengeIdRequestSchema,
  challengeInputSchema,
  type ChallengeInput,
} from './challenges.ts';
import { messages } from './messages.ts';

const valid: ChallengeInput = {
  challengeName: 'Sum of two',
  challengeDesc: 'Read two integers, print their sum.',
  difficultyLev: 'easy',
  score: 100,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeDur: 60,
  challengeId: 'SUM-101',
  language: 'python',
  tags: 'math',
  testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
};

const firstMessage = (input: unknown) => {
  const result = challengeInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('challengeInputSchema', () => {
  it('accepts a full challenge and fills the judge defaults', () => {
    const parsed = challengeInputSchema.parse(valid);
    expect(parsed).toMatchObject({ starterCode: '', timeLimitMs: 2000, memoryLimitMb: 256 });
  });

  it.each([
    'challengeName',
    'challengeDesc',
    'difficultyLev',
    'score',
    'startDate',
    'endDate',
    'timeDur',
    'challengeId',
    'language',
    'tags',
  ])('says "Enter All Delatils" when %s is missing or blank', (field) => {
    expect(firstMessage({ ...valid, [field]: undefined })).toBe(messages.enterAllChallengeDetails);
    if (typeof valid[field as keyof ChallengeInput] === 'string') {
      expect(firstMessage({ ...valid, [field]: '  ' })).toBe(messages.enterAllChallengeDetails);
    }
  });

  it('explains each invalid value', () => {
    expect(firstMessage({ ...valid, difficultyLev: 'brutal' })).toBe(messages.invalidDifficulty);
    expect(firstMessage({ ...valid, language: 'cobol' })).toBe(messages.invalidLanguage);
    expect(firstMessage({ ...valid, score: 0 })).toBe(messages.invalidScore);
    expect(firstMessage({ ...valid, score: 2.5 })).toBe(messages.invalidScore);
    expect(firstMessage({ ...valid, timeDur: -5 })).toBe(messages.invalidDuration);
    expect(firstMessage({ ...valid, startDate: '01/11/2026' })).toBe(messages.invalidDate);
    expect(firstMessage({ ...valid, endDate: '2026-10-31' })).toBe(messages.endBeforeStart);
    expect(firstMessage({ ...valid, challengeId: 'ab' })).toBe(messages.invalidChallengeId);
    expect(firstMessage({ ...valid, challengeId: 'has space' })).toBe(messages.invalidChallengeId);
    expect(firstMessage({ ...valid, testCases: [] })).toBe(messages.addTestCase);
    expect(firstMessage({ ...valid, timeLimitMs: 50 })).toBe(messages.invalidTimeLimit);
    expect(firstMessage({ ...valid, memoryLimitMb: 4096 })).toBe(messages.invalidMemoryLimit);
    expect(firstMessage({ ...valid, outputLimitMb: 0 })).toBe(messages.invalidOutputLimit);
    expect(firstMessage({ ...valid, outputLimitMb: 65 })).toBe(messages.invalidOutputLimit);
    expect(firstMessage({ ...valid, outputLimitMb: 1.5 })).toBe(messages.invalidOutputLimit);
    expect(firstMessage({ ...valid, outputLimitMb: 16 })).toBeUndefined();
    expect(
      firstMessage({
        ...valid,
        testCases: [{ input: '', expectedOutput: '', hidden: true, weight: -1 }],
      }),
    ).toBe(messages.invalidWeight);
  });

  it('accepts a one-day challenge (end date equal to start date)', () => {
    expect(firstMessage({ ...valid, endDate: valid.startDate })).toBeUndefined();
  });
});

describe('the start and end times of a challenge', () => {
  const oneDay = { ...valid, endDate: valid.startDate };
  it('are optional, "HH:MM" on the 24-hour clock, and left out when not given', () => {
    expect(challengeInputSchema.parse(valid)).not.toHaveProperty('startTime');
    expect(
      challengeInputSchema.parse({ ...valid, startTime: ' 09:05', endTime: '23:59' }),
    ).toMatchObject({ startTime: '09:05', endTime: '23:59' });
    for (const bad of ['9:05', '24:00', '12:60', '12:00:00', '', 'noon', 900])
      expect(firstMessage({ ...valid, startTime: bad })).toBe(messages.invalidTime);
    expect(firstMessage({ ...valid, endTime: '7pm' })).toBe(messages.invalidTime);
  });

  it('refuse an end time before the start time on the same day, with its own message', () => {
    expect(firstMessage({ ...oneDay, startTime: '10:00', endTime: '09:59' })).toBe(
      messages.endTimeBeforeStart,
    );
    // One minute (equal times) is a window; so is any end time on a later day.
    expect(firstMessage({ ...oneDay, startTime: '10:00', endTime: '10:00' })).toBeUndefined();
    expect(firstMessage({ ...valid, startTime: '10:00', endTime: '09:00' })).toBeUndefined();
    // The dates' own rule keeps its message and comes first.
    expect(
      firstMessage({ ...valid, endDate: '2026-10-31', startTime: '10:00', endTime: '09:00' }),
    ).toBe(messages.endBeforeStart);
  });
});

describe('the checker program of a challenge', () => {
  const checker = { mode: 'checker', language: 'cpp' } as const;
  it('is required with the checker rule, and cleared by any other rule', () => {
    expect(firstMessage({ ...valid, compare: checker })).toBe(messages.checkerSourceMissing);
    expect(firstMessage({ ...valid, compare: checker, checkerSource: '  \n' })).toBe(
      messages.checkerSourceMissing,
    );
    expect(
      challengeInputSchema.parse({ ...valid, compare: checker, checkerSource: 'int main(){}' }),
    ).toMatchObject({ compare: checker, checkerSource: 'int main(){}' });
    expect(
      challengeInputSchema.parse({
        ...valid,
        compare: { mode: 'exact' },
        checkerSource: 'int main(){}',
      }).checkerSource,
    ).toBe('');
    // No rule (an update that keeps the challenge's): the program is left as it is.
    expect(challengeInputSchema.parse(valid).checkerSource).toBeUndefined();
  });
  it('has a size limit', () => {
    expect(
      firstMessage({ ...valid, compare: checker, checkerSource: 'x'.repeat(256 * 1024 + 1) }),
    ).toBe(messages.checkerSourceTooLarge);
  });
});

describe('the languages of a challenge', () => {
  it('keeps the others without the default or repeats, in the judge order, none by default', () => {
    expect(challengeInputSchema.parse(valid).languages).toEqual([]);
    const parsed = challengeInputSchema.parse({
      ...valid,
      languages: ['cpp', 'python', 'java', 'cpp'],
    });
    expect(parsed.languages).toEqual(['java', 'cpp']);
    expect(acceptedLanguages(parsed)).toEqual(['python', 'java', 'cpp']);
  });

  it('refuses a language the judge does not have, with the language message', () => {
    expect(firstMessage({ ...valid, languages: ['cobol'] })).toBe(messages.invalidLanguage);
    expect(firstMessage({ ...valid, languages: 'c' })).toBe(messages.invalidLanguage);
  });
});

describe('challengeIdRequestSchema', () => {
  it('says "Provide a Challenge Id" when the id is missing or blank', () => {
    for (const body of [{}, { challengeId: '' }, { challengeId: '   ' }, null]) {
      const result = challengeIdRequestSchema.safeParse(body);
      expect(result.success ? undefined : result.error.issues[0]?.message).toBe(
        messages.provideChallengeId,
      );
    }
  });
});
