/**
 * The challenge form works on text (what the inputs hold); this module turns it into the
 * contract's ChallengeInput and back, and checks it with the same schema the server uses, so the
 * admin sees the server's rules before any call: 'Enter All Delatils' first (spec §5), then the
 * first specific problem.
 */
import { DEFAULT_END_TIME, DEFAULT_START_TIME } from '../../../contract/challenge-times.ts';
import {
  challengeInputSchema,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_TIME_LIMIT_MS,
  type Challenge,
  type ChallengeInput,
  type Language,
} from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import type { TestDataRef } from '../../../contract/test-data.ts';
import type { GroupScoring } from '../../../contract/test-groups.ts';
import {
  compareValuesFrom,
  emptyCompareValues,
  toCompareRule,
  type CompareFormValues,
} from './compare-form-values.ts';

/**
 * A stored test file (test-data.ts) as the form holds it: the name is known only in the session
 * that uploaded it (the server keeps the content and its size, not the name).
 */
export type TestDataFile = TestDataRef & { name?: string };

export type TestCaseValues = {
  key: string;
  input: string;
  expectedOutput: string;
  /** Big test data: the input is this stored file and `input` stays ''. */
  inputFile?: TestDataFile;
  /** The expected output is this stored file and `expectedOutput` stays ''. */
  expectedOutputFile?: TestDataFile;
  hidden: boolean;
  weight: string;
  /** A hidden test's group name ('' : the default group, secret). */
  group: string;
};

/**
 * `checkerArgs`: an imported group's own checker arguments (a Kattis group's flags), not edited
 * in the form but kept, so saving the challenge does not drop them.
 */
export type TestGroupValues = {
  key: string;
  name: string;
  scoring: GroupScoring;
  checkerArgs?: string[];
};

export type ChallengeFormValues = {
  challengeName: string;
  challengeDesc: string;
  difficultyLev: string;
  score: string;
  startDate: string;
  endDate: string;
  /** "HH:MM" beside each date (issue 32), an addition to the ten fields: '' reads as the default. */
  startTime: string;
  endTime: string;
  timeDur: string;
  challengeId: string;
  language: string;
  /** Accepted besides `language` (issue 14). */
  languages: Language[];
  tags: string;
  starterCode: string;
  timeLimitSeconds: string;
  memoryLimitMb: string;
  testCases: TestCaseValues[];
  testGroups: TestGroupValues[];
  compare: CompareFormValues;
  /** Exam integrity settings (issue 17). */
  captureTabChanges: boolean;
  disablePaste: boolean;
};

/** The spec's ten fields, in the form's order. */
export const TEN_FIELDS = [
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
] as const;

let keySeed = 0;
export function newTestCase(hidden = true): TestCaseValues {
  keySeed += 1;
  return { key: `t${keySeed}`, input: '', expectedOutput: '', hidden, weight: '1', group: '' };
}

export function newTestGroup(name = '', scoring: GroupScoring = 'all'): TestGroupValues {
  keySeed += 1;
  return { key: `g${keySeed}`, name, scoring };
}

export function emptyChallengeValues(): ChallengeFormValues {
  return {
    challengeName: '',
    challengeDesc: '',
    difficultyLev: '',
    score: '',
    startDate: '',
    endDate: '',
    startTime: DEFAULT_START_TIME,
    endTime: DEFAULT_END_TIME,
    timeDur: '',
    challengeId: '',
    language: '',
    languages: [],
    tags: '',
    starterCode: '',
    timeLimitSeconds: String(DEFAULT_TIME_LIMIT_MS / 1000),
    memoryLimitMb: String(DEFAULT_MEMORY_LIMIT_MB),
    testCases: [newTestCase(false)],
    testGroups: [],
    compare: emptyCompareValues(),
    captureTabChanges: false,
    disablePaste: false,
  };
}

/** Only the reference travels: the name is the form's own, and the server keeps its own size. */
const storedRef = ({ sha256, size }: TestDataRef): TestDataRef => ({ sha256, size });

export function valuesFromChallenge(challenge: Challenge): ChallengeFormValues {
  return {
    challengeName: challenge.challengeName,
    challengeDesc: challenge.challengeDesc,
    difficultyLev: challenge.difficultyLev,
    score: String(challenge.score),
    startDate: challenge.startDate,
    endDate: challenge.endDate,
    startTime: challenge.startTime,
    endTime: challenge.endTime,
    timeDur: String(challenge.timeDur),
    challengeId: challenge.challengeId,
    language: challenge.language,
    languages: challenge.languages,
    tags: challenge.tags,
    starterCode: challenge.starterCode,
    timeLimitSeconds: String(challenge.timeLimitMs / 1000),
    memoryLimitMb: String(challenge.memoryLimitMb),
    testCases: challenge.testCases.map(({ inputFile, expectedOutputFile, ...t }) => ({
      ...newTestCase(t.hidden),
      ...t,
      ...(inputFile ? { inputFile: storedRef(inputFile) } : {}),
      ...(expectedOutputFile ? { expectedOutputFile: storedRef(expectedOutputFile) } : {}),
      weight: String(t.weight),
      group: t.group ?? '',
    })),
    testGroups: challenge.testGroups.map((g) => ({
      ...newTestGroup(g.name, g.scoring),
      ...(g.checkerArgs ? { checkerArgs: g.checkerArgs } : {}),
    })),
    compare: compareValuesFrom(challenge.compare, challenge.checkerSource),
    captureTabChanges: challenge.captureTabChanges,
    disablePaste: challenge.disablePaste,
  };
}

/** Empty text becomes undefined (so the schema reports it as missing); anything else a number. */
const numberOrMissing = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

export function toChallengeInput(values: ChallengeFormValues): ChallengeInput {
  const seconds = numberOrMissing(values.timeLimitSeconds);
  return {
    challengeName: values.challengeName,
    challengeDesc: values.challengeDesc,
    difficultyLev: values.difficultyLev as ChallengeInput['difficultyLev'],
    score: numberOrMissing(values.score) as number,
    startDate: values.startDate,
    endDate: values.endDate,
    // Always sent, so an update saves what the form shows; a cleared field is the whole day.
    startTime: values.startTime.trim() || DEFAULT_START_TIME,
    endTime: values.endTime.trim() || DEFAULT_END_TIME,
    timeDur: numberOrMissing(values.timeDur) as number,
    challengeId: values.challengeId.trim(),
    language: values.language as ChallengeInput['language'],
    languages: values.languages.filter((l) => l !== values.language),
    tags: values.tags,
    starterCode: values.starterCode,
    timeLimitMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
    memoryLimitMb: numberOrMissing(values.memoryLimitMb),
    testCases: values.testCases.map((t) => ({
      // A file replaces its text: the contract wants '' beside it (the form keeps it so anyway).
      input: t.inputFile ? '' : t.input,
      expectedOutput: t.expectedOutputFile ? '' : t.expectedOutput,
      ...(t.inputFile ? { inputFile: storedRef(t.inputFile) } : {}),
      ...(t.expectedOutputFile ? { expectedOutputFile: storedRef(t.expectedOutputFile) } : {}),
      hidden: t.hidden,
      weight: numberOrMissing(t.weight) as number,
      ...(t.hidden && t.group.trim() ? { group: t.group.trim() } : {}),
    })),
    testGroups: values.testGroups.map((g) => ({
      name: g.name,
      scoring: g.scoring,
      ...(g.checkerArgs ? { checkerArgs: g.checkerArgs } : {}),
    })),
    compare: toCompareRule(values.compare),
    ...(values.compare.mode === 'checker' ? { checkerSource: values.compare.checkerSource } : {}),
    captureTabChanges: values.captureTabChanges,
    disablePaste: values.disablePaste,
  };
}

/** The first thing wrong with the form, as the admin should read it, or undefined when it is fine. */
export function checkChallengeValues(values: ChallengeFormValues): string | undefined {
  if (TEN_FIELDS.some((field) => values[field].trim() === ''))
    return messages.enterAllChallengeDetails;
  const parsed = challengeInputSchema.safeParse(toChallengeInput(values));
  return parsed.success
    ? undefined
    : (parsed.error.issues[0]?.message ?? messages.enterAllChallengeDetails);
}
