import { describe, expect, it } from 'vitest';
import { challengeInputSchema, type Challenge } from '../../contract/challenges.ts';
import { readKattisPackage } from './kattis-package.ts';
import { packageFilesOf } from './package-export.ts';

const base: Challenge = {
  challengeName: 'Doubles',
  challengeDesc: 'Print **twice** the number.\n\n## Input\nOne integer.',
  difficultyLev: 'easy',
  score: 100,
  startDate: '2026-11-24',
  endDate: '2027-11-24',
  startTime: '09:00',
  endTime: '17:30',
  timeDur: 60,
  challengeId: 'DOUBLES',
  language: 'python',
  languages: ['javascript', 'java', 'c', 'cpp'],
  tags: 'math',
  starterCode: '',
  timeLimitMs: 1500,
  memoryLimitMb: 512,
  captureTabChanges: false,
  disablePaste: false,
  testCases: [
    { input: '1\n', expectedOutput: '2\n', hidden: false, weight: 0 },
    { input: '2\n', expectedOutput: '4\n', hidden: true, weight: 1 },
    { input: '3\n', expectedOutput: '6\n', hidden: true, weight: 2, group: 'small' },
    { input: '4\n', expectedOutput: '8\n', hidden: true, weight: 2, group: 'small' },
    { input: '5\n', expectedOutput: '10\n', hidden: true, weight: 1, group: 'large' },
  ],
  testGroups: [
    { name: 'secret', scoring: 'all' },
    { name: 'small', scoring: 'all' },
    { name: 'large', scoring: 'sum' },
  ],
  compare: {
    mode: 'default',
    caseSensitive: true,
    spaceChangeSensitive: false,
    floatTolerance: 1e-6,
  },
  checkerSource: '',
};

/** Export then import: the same challenge, but for what a package does not carry (dates, tags). */
const roundTrip = (challenge: Challenge) => {
  const { files } = packageFilesOf(challenge);
  const { input } = readKattisPackage(files, challenge.challengeId.toLowerCase(), {
    today: challenge.startDate,
  });
  return challengeInputSchema.parse(input);
};

describe('a challenge exported as a Kattis package', () => {
  it('imports back as the same challenge: statement, limits, tests, groups, weights, flags', () => {
    const back = roundTrip(base);
    expect(back).toMatchObject({
      challengeId: base.challengeId,
      challengeName: base.challengeName,
      challengeDesc: base.challengeDesc,
      timeLimitMs: base.timeLimitMs,
      memoryLimitMb: base.memoryLimitMb,
      compare: base.compare,
      // A package carries no window: the import opens it for whole days (issue 32).
      startTime: '00:00',
      endTime: '23:59',
    });
    // In the package's order: samples, data/secret's own tests, then its group folders by name.
    const [sample, secret, small1, small2, large] = base.testCases;
    expect(back.testCases).toEqual([sample, secret, large, small1, small2]);
    expect(new Set(back.testGroups.map((g) => JSON.stringify(g)))).toEqual(
      new Set(base.testGroups.map((g) => JSON.stringify(g))),
    );
  });

  it('carries a checker program, Java under its class name', () => {
    const checked: Challenge = {
      ...base,
      compare: { mode: 'checker', language: 'java' },
      checkerSource:
        'public class Judge { public static void main(String[] a) { System.exit(42); } }',
    };
    const { files } = packageFilesOf(checked);
    expect([...files.keys()]).toContain('output_validators/checker/Judge.java');
    expect(roundTrip(checked)).toMatchObject({
      compare: checked.compare,
      checkerSource: checked.checkerSource,
    });
  });

  it("carries a checker's arguments as validator_flags, and clears them for other rules", () => {
    const checked: Challenge = {
      ...base,
      compare: { mode: 'checker', language: 'python' },
      checkerSource: 'import sys\nsys.exit(42)\n',
      checkerArgs: ['tolerance', '0.01'],
    };
    const { files } = packageFilesOf(checked);
    expect(files.get('problem.yaml')?.toString()).toContain('validator_flags: tolerance 0.01');
    expect(roundTrip(checked).checkerArgs).toEqual(['tolerance', '0.01']);
    expect(roundTrip({ ...checked, checkerArgs: [] }).checkerArgs).toEqual([]);
    expect(roundTrip(base).checkerArgs).toEqual([]);
  });

  it("carries a group's own checker arguments in its folder's testdata.yaml", () => {
    const checked: Challenge = {
      ...base,
      compare: { mode: 'checker', language: 'python' },
      checkerSource: 'import sys\nsys.exit(42)\n',
      checkerArgs: ['tolerance', '0.01'],
      testGroups: [
        { name: 'secret', scoring: 'all', checkerArgs: ['tolerance', '5'] },
        { name: 'small', scoring: 'all', checkerArgs: [] },
        { name: 'large', scoring: 'sum' },
      ],
    };
    const { files } = packageFilesOf(checked);
    // Not in problem.yaml, which Kattis would put before every group's own.
    expect(files.get('problem.yaml')?.toString()).not.toContain('validator_flags');
    const testdata = (folder: string) => files.get(`${folder}/testdata.yaml`)?.toString();
    expect(testdata('data')).toContain('output_validator_flags: tolerance 0.01');
    // large has none of its own, and says the challenge's, not data/secret's it would inherit.
    expect(testdata('data/secret/large')).toContain('output_validator_flags: tolerance 0.01');
    expect(testdata('data/secret')).toContain('output_validator_flags: tolerance 5');
    expect(testdata('data/secret/small')).toContain('output_validator_flags: ""');
    const back = roundTrip(checked);
    expect(back.checkerArgs).toEqual(['tolerance', '0.01']);
    expect(new Set(back.testGroups.map((g) => JSON.stringify(g)))).toEqual(
      new Set(checked.testGroups.map((g) => JSON.stringify(g))),
    );
  });

  it('keeps an interactive problem interactive, its interactor as the output validator', () => {
    const guess: Challenge = {
      ...base,
      compare: { mode: 'checker', language: 'python' },
      checkerSource: 'import sys\nsys.exit(42)\n',
      interactive: true,
    };
    const { files } = packageFilesOf(guess);
    expect(files.get('problem.yaml')?.toString()).toContain('validation: custom interactive');
    expect(roundTrip(guess)).toMatchObject({
      interactive: true,
      checkerSource: guess.checkerSource,
    });
    expect(roundTrip(base).interactive).toBe(false);
  });

  it("keeps a scoring problem's grading and output limit through export and import (issue 35)", () => {
    const node = {
      aggregate: 'sum',
      verdict: 'worst_error',
      acceptIfAnyAccepted: false,
      ignoreSample: false,
      acceptScore: 1,
      rejectScore: 0,
      onReject: 'continue',
    } as const;
    const grading = {
      root: { ...node, ignoreSample: true },
      sample: { ...node, acceptScore: 0 },
      secret: { ...node, verdict: 'first_error', acceptIfAnyAccepted: true },
      groups: {
        small: { ...node, aggregate: 'min', acceptScore: 50, onReject: 'break' },
        large: { ...node, aggregate: 'max', acceptScore: 50, rejectScore: 5 },
      },
    } as const;
    const back = roundTrip({ ...base, grading, outputLimitMb: 16 });
    expect(back.grading).toEqual(grading);
    expect(back.outputLimitMb).toBe(16);
    expect(roundTrip(base)).toMatchObject({ grading: null, outputLimitMb: 8 });
  });
});
