/**
 * A challenge written back as a Kattis problem package (issue 14 item 7), the files the importer
 * reads (kattis-package.ts), so export then import gives the same challenge: problem.yaml (name,
 * limits, validation and validator_flags: the default validator's rule, or the checker's arguments), the description as problem_statement/problem.en.md,
 * .timelimit, samples and secret tests (a group's tests in data/secret/<group>/, all-or-nothing
 * groups with `on_reject: break`, weights as `accept_score` where a group's tests share one, a
 * group's own checker arguments as its `output_validator_flags`) and the checker program under
 * output_validators/.
 */
import { stringify } from 'yaml';
import { DEFAULT_OUTPUT_LIMIT_MB, type Challenge } from '../../contract/challenges.ts';
import { tolerancesOf } from '../../contract/compare-rule.ts';
import {
  DEFAULT_HIDDEN_GROUP,
  groupOf,
  SAMPLE_GROUP,
  scoringOf,
} from '../../contract/test-groups.ts';
import type { KattisNode } from '../../contract/kattis-grading.ts';

/** One node of a scoring problem's grading as problemtools' testdata.yaml. */
function testdataOf(node: KattisNode, root: boolean): Record<string, unknown> {
  const flags = [
    node.aggregate,
    node.verdict,
    ...(node.acceptIfAnyAccepted ? ['accept_if_any_accepted'] : []),
    ...(root && node.ignoreSample ? ['ignore_sample'] : []),
  ];
  return {
    on_reject: node.onReject,
    accept_score: node.acceptScore,
    reject_score: node.rejectScore,
    grader_flags: flags.join(' '),
  };
}

const CHECKER_FILE = {
  python: 'checker.py',
  javascript: 'checker.js',
  java: 'Checker.java',
  c: 'checker.c',
  cpp: 'checker.cpp',
} as const;

function validatorFlags(challenge: Challenge): string | undefined {
  const rule = challenge.compare;
  // A checker's arguments are what Kattis passes it from validator_flags.
  if (rule.mode === 'checker') return challenge.checkerArgs?.join(' ') || undefined;
  if (rule.mode !== 'default') return undefined;
  const flags: string[] = [];
  if (rule.caseSensitive) flags.push('case_sensitive');
  if (rule.spaceChangeSensitive) flags.push('space_change_sensitive');
  const { absolute, relative } = tolerancesOf(rule);
  if (absolute !== undefined && absolute === relative) flags.push(`float_tolerance ${absolute}`);
  else {
    if (absolute !== undefined) flags.push(`float_absolute_tolerance ${absolute}`);
    if (relative !== undefined) flags.push(`float_relative_tolerance ${relative}`);
  }
  return flags.length > 0 ? flags.join(' ') : undefined;
}

/** The folder of a group's tests. */
const folderOf = (group: string) =>
  group === SAMPLE_GROUP
    ? 'data/sample'
    : group === DEFAULT_HIDDEN_GROUP
      ? 'data/secret'
      : `data/secret/${group}`;

/**
 * With a checker and a group of arguments of its own: the challenge's arguments as one string,
 * and each folder of tests with the arguments its tests get. Undefined when no group has its own.
 */
function groupCheckerArgs(
  challenge: Challenge,
): { challenge: string; folders: Map<string, string> } | undefined {
  if (challenge.compare.mode !== 'checker') return undefined;
  if (!challenge.testGroups.some((g) => g.checkerArgs)) return undefined;
  const folders = new Map<string, string>();
  for (const test of challenge.testCases) {
    const group = groupOf(test);
    const args =
      challenge.testGroups.find((g) => g.name === group)?.checkerArgs ?? challenge.checkerArgs;
    folders.set(folderOf(group), (args ?? []).join(' '));
  }
  return { challenge: (challenge.checkerArgs ?? []).join(' '), folders };
}

/** The checker's file name: Java's must match its public class. */
function checkerFileName(challenge: Challenge): string | undefined {
  if (challenge.compare.mode !== 'checker') return undefined;
  if (challenge.compare.language === 'java') {
    const cls = /public\s+(?:final\s+)?class\s+([A-Za-z_$][\w$]*)/u.exec(challenge.checkerSource);
    return `${cls?.[1] ?? 'Checker'}.java`;
  }
  return CHECKER_FILE[challenge.compare.language];
}

/**
 * The package's files: `files` in memory, `stored` the tests' stored files (path → SHA-256),
 * which the export streams from the database into the zip.
 */
export function packageFilesOf(challenge: Challenge): {
  files: Map<string, Buffer>;
  stored: Map<string, string>;
} {
  const files = new Map<string, string>();
  const stored = new Map<string, string>();
  const checkerFile = checkerFileName(challenge);
  const groupArgs = groupCheckerArgs(challenge);
  const flags = groupArgs ? undefined : validatorFlags(challenge);
  files.set(
    'problem.yaml',
    stringify({
      name: challenge.challengeName,
      source: 'Campus Coding Assessment Portal',
      keywords: challenge.tags,
      ...(challenge.grading ? { type: 'scoring' } : {}),
      validation:
        challenge.compare.mode !== 'checker'
          ? 'default'
          : challenge.interactive
            ? 'custom interactive'
            : 'custom',
      ...(flags ? { validator_flags: flags } : {}),
      limits: {
        time_limit: challenge.timeLimitMs / 1000,
        memory: challenge.memoryLimitMb,
        // Only when not the default of Kattis, DOMjudge and this portal alike.
        ...(challenge.outputLimitMb && challenge.outputLimitMb !== DEFAULT_OUTPUT_LIMIT_MB
          ? { output: challenge.outputLimitMb }
          : {}),
      },
    }),
  );
  files.set('.timelimit', `${challenge.timeLimitMs / 1000}\n`);
  files.set('problem_statement/problem.en.md', `${challenge.challengeDesc}\n`);
  if (checkerFile) files.set(`output_validators/checker/${checkerFile}`, challenge.checkerSource);

  const testdata = new Map<string, Record<string, unknown>>();
  const counters = new Map<string, number>();
  const weights = new Map<string, Set<number>>();
  for (const test of challenge.testCases) {
    const folder = !test.hidden
      ? 'data/sample'
      : test.group
        ? `data/secret/${test.group}`
        : 'data/secret';
    const n = (counters.get(folder) ?? 0) + 1;
    counters.set(folder, n);
    const name = `${folder}/${String(n).padStart(3, '0')}`;
    if (test.inputFile) stored.set(`${name}.in`, test.inputFile.sha256);
    else files.set(`${name}.in`, test.input);
    if (test.expectedOutputFile) stored.set(`${name}.ans`, test.expectedOutputFile.sha256);
    else files.set(`${name}.ans`, test.expectedOutput);
    weights.set(folder, (weights.get(folder) ?? new Set()).add(test.weight));
  }
  if (challenge.grading) {
    // A scoring problem's grading tree, every setting written out, so it imports back the same.
    const { root, sample, secret, groups } = challenge.grading;
    const nodes: [string, KattisNode][] = [
      ['data', root],
      ['data/sample', sample],
      ['data/secret', secret],
      ...Object.entries(groups).map(([name, node]): [string, KattisNode] => [
        `data/secret/${name}`,
        node,
      ]),
    ];
    for (const [folder, node] of nodes) testdata.set(folder, testdataOf(node, folder === 'data'));
  }
  for (const [folder, ws] of challenge.grading ? [] : weights) {
    const group = folder.startsWith('data/secret/') ? folder.slice('data/secret/'.length) : null;
    const data: Record<string, unknown> = {};
    // A named group always says how it scores: it would otherwise inherit data/secret's rule.
    if (group)
      data.on_reject = scoringOf(challenge.testGroups, group) === 'all' ? 'break' : 'continue';
    else if (folder === 'data/secret' && scoringOf(challenge.testGroups, 'secret') === 'all')
      data.on_reject = 'break';
    const [weight] = ws;
    if (ws.size === 1 && weight !== undefined && weight !== 1) data.accept_score = weight;
    if (Object.keys(data).length > 0) testdata.set(folder, data);
  }
  // Groups with checker arguments of their own: every folder of tests says which it passes, so
  // none inherits another's (problem.yaml then has no validator_flags, which Kattis would add).
  if (groupArgs) {
    testdata.set('data', { ...testdata.get('data'), output_validator_flags: groupArgs.challenge });
    for (const [folder, args] of groupArgs.folders)
      testdata.set(folder, { ...testdata.get(folder), output_validator_flags: args });
  }
  for (const [folder, data] of testdata) files.set(`${folder}/testdata.yaml`, stringify(data));
  return {
    files: new Map([...files].map(([k, v]) => [k, Buffer.from(v, 'utf8')])),
    stored,
  };
}
