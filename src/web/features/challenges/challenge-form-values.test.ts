import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import {
  checkChallengeValues,
  emptyChallengeValues,
  TEN_FIELDS,
  toChallengeInput,
  valuesFromChallenge,
  type ChallengeFormValues,
} from './challenge-form-values.ts';

const filled = (): ChallengeFormValues => ({
  ...emptyChallengeValues(),
  challengeName: 'Sum',
  challengeDesc: 'Add two numbers',
  difficultyLev: 'easy',
  score: '100',
  startDate: '2026-11-01',
  endDate: '2026-11-02',
  timeDur: '30',
  challengeId: ' SUM-1 ',
  language: 'python',
  tags: 'math',
  testCases: [
    { key: 'a', input: '1 2', expectedOutput: '3', hidden: false, weight: '2', group: '' },
  ],
});

describe('challenge form values', () => {
  it('starts with the judge defaults and one sample test', () => {
    const empty = emptyChallengeValues();
    expect(empty.timeLimitSeconds).toBe('2');
    expect(empty.memoryLimitMb).toBe('256');
    expect(empty.testCases).toHaveLength(1);
    expect(empty.testCases[0]?.hidden).toBe(false);
  });

  it.each(TEN_FIELDS)("says 'Enter All Delatils' when %s is empty", (field) => {
    expect(checkChallengeValues({ ...filled(), [field]: ' ' })).toBe(
      messages.enterAllChallengeDetails,
    );
  });

  it('converts text to the contract input: numbers, trimmed id, seconds to milliseconds', () => {
    const input = toChallengeInput({ ...filled(), timeLimitSeconds: '1.5' });
    expect(input).toMatchObject({
      score: 100,
      timeDur: 30,
      challengeId: 'SUM-1',
      timeLimitMs: 1500,
      memoryLimitMb: 256,
    });
    expect(input.testCases).toEqual([
      { input: '1 2', expectedOutput: '3', hidden: false, weight: 2 },
    ]);
    expect(checkChallengeValues(filled())).toBeUndefined();
  });

  it('reports the server rules before any call', () => {
    expect(checkChallengeValues({ ...filled(), endDate: '2026-10-01' })).toBe(
      messages.endBeforeStart,
    );
    expect(checkChallengeValues({ ...filled(), score: '-3' })).toBe(messages.invalidScore);
    expect(checkChallengeValues({ ...filled(), testCases: [] })).toBe(messages.addTestCase);
    expect(checkChallengeValues({ ...filled(), challengeId: 'a b' })).toBe(
      messages.invalidChallengeId,
    );
  });

  it('sends a time beside each date: the whole days by default, the typed ones otherwise', () => {
    expect(emptyChallengeValues()).toMatchObject({ startTime: '00:00', endTime: '23:59' });
    expect(toChallengeInput(filled())).toMatchObject({ startTime: '00:00', endTime: '23:59' });
    expect(toChallengeInput({ ...filled(), startTime: '09:15', endTime: '11:00' })).toMatchObject({
      startTime: '09:15',
      endTime: '11:00',
    });
    // A cleared time field (the browser's "--:--") is the whole day again, not a missing value.
    expect(toChallengeInput({ ...filled(), startTime: '', endTime: '' })).toMatchObject({
      startTime: '00:00',
      endTime: '23:59',
    });
  });

  it('refuses an end time before the start time on the same day, before any call', () => {
    const sameDay = { ...filled(), endDate: '2026-11-01' };
    expect(checkChallengeValues({ ...sameDay, startTime: '10:00', endTime: '09:30' })).toBe(
      messages.endTimeBeforeStart,
    );
    expect(checkChallengeValues({ ...sameDay, startTime: '10:00', endTime: '10:30' })).toBe(
      undefined,
    );
  });

  it('round-trips a loaded challenge', () => {
    const challenge: Challenge = {
      ...(toChallengeInput(filled()) as Omit<
        Challenge,
        'starterCode' | 'timeLimitMs' | 'memoryLimitMb'
      >),
      starterCode: 'print()',
      timeLimitMs: 2500,
      memoryLimitMb: 128,
    };
    const values = valuesFromChallenge({ ...challenge, startTime: '08:00', endTime: '20:30' });
    expect(values).toMatchObject({ startTime: '08:00', endTime: '20:30' });
    expect(valuesFromChallenge(challenge).timeLimitSeconds).toBe('2.5');
    expect(toChallengeInput(valuesFromChallenge(challenge))).toEqual({ ...challenge });
    expect(toChallengeInput(values)).toMatchObject({ startTime: '08:00', endTime: '20:30' });
  });

  it("keeps an imported group's own checker arguments, which the form does not edit", () => {
    const challenge: Challenge = {
      ...(toChallengeInput(filled()) as Omit<
        Challenge,
        'starterCode' | 'timeLimitMs' | 'memoryLimitMb'
      >),
      starterCode: '',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      testGroups: [
        { name: 'secret', scoring: 'sum', checkerArgs: ['tolerance', '5'] },
        { name: 'g1', scoring: 'all' },
      ],
    };
    expect(toChallengeInput(valuesFromChallenge(challenge)).testGroups).toEqual(
      challenge.testGroups,
    );
  });

  describe('test files (big test data)', () => {
    const numbers = { sha256: 'a'.repeat(64), size: 3_000_000 };
    const sum = { sha256: 'b'.repeat(64), size: 14 };
    const withFiles = (): ChallengeFormValues => ({
      ...filled(),
      testCases: [
        ...filled().testCases,
        {
          key: 'b',
          input: '',
          expectedOutput: '',
          inputFile: { ...numbers, name: 'numbers.txt' },
          expectedOutputFile: sum,
          hidden: true,
          weight: '1',
          group: '',
        },
      ],
    });

    it('sends the references with empty texts, without the name only the form knows', () => {
      expect(toChallengeInput(withFiles()).testCases?.[1]).toEqual({
        input: '',
        expectedOutput: '',
        inputFile: numbers,
        expectedOutputFile: sum,
        hidden: true,
        weight: 1,
      });
      expect(checkChallengeValues(withFiles())).toBeUndefined();
    });

    it('drops text left beside a file, so the server never sees both', () => {
      const values = withFiles();
      const [sample, big] = values.testCases;
      if (!sample || !big) throw new Error('two tests expected');
      values.testCases = [sample, { ...big, input: 'typed before the upload' }];
      expect(toChallengeInput(values).testCases?.[1]?.input).toBe('');
    });

    it('says a sample cannot take a file, as the server would', () => {
      const values = withFiles();
      values.testCases = values.testCases.map((t) => ({ ...t, hidden: false }));
      expect(checkChallengeValues(values)).toBe(messages.sampleFromFile);
    });

    it('loads the references of a stored challenge back as files', () => {
      const challenge: Challenge = {
        ...(toChallengeInput(withFiles()) as Omit<
          Challenge,
          'starterCode' | 'timeLimitMs' | 'memoryLimitMb'
        >),
        starterCode: '',
        timeLimitMs: 2000,
        memoryLimitMb: 256,
      };
      const values = valuesFromChallenge(challenge);
      expect(values.testCases[1]).toMatchObject({
        input: '',
        expectedOutput: '',
        inputFile: numbers,
        expectedOutputFile: sum,
      });
      expect(values.testCases[1]?.inputFile?.name).toBeUndefined();
      expect(values.testCases[0]?.inputFile).toBeUndefined();
      expect(toChallengeInput(values)).toEqual(challenge);
    });
  });
});
