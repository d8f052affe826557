import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { challengeInputSchema } from '../../contract/challenges.ts';
import {
  compareRuleFromFlags,
  entryFileOf,
  expectedResultsTag,
  MAX_LATEX_STATEMENT_BYTES,
  PACKAGE_INLINE_TEST_BYTES,
  PackageError,
  readKattisPackage,
  testCodeOf,
  type PackageFiles,
} from './kattis-package.ts';
import { messages } from '../../contract/messages.ts';
import { latexToText } from './latex-statement.ts';
import { PACKAGE_YAML_TOTAL_MAX_BYTES } from './package-metadata.ts';
import { readPackageFolder } from './package-folder.ts';
import { leftInZip } from './package-files.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/problems');
const today = '2026-11-24';
const files = (entries: Record<string, string>): PackageFiles =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v)]));

describe('reading a Kattis problem package', () => {
  it('turns aplusb into a challenge: statement, limits, samples, secret tests, group, submissions', () => {
    const { files: pkg, shortName } = readPackageFolder(path.join(FIXTURES, 'aplusb'));
    const { input, submissions, warnings } = readKattisPackage(pkg, shortName, { today });
    expect(warnings).toEqual([]);
    const challenge = challengeInputSchema.parse(input);
    expect(challenge).toMatchObject({
      challengeId: 'APLUSB',
      challengeName: 'A plus B',
      language: 'python',
      languages: ['javascript', 'java', 'c', 'cpp'],
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      outputLimitMb: 8,
      startDate: today,
      endDate: '2027-11-24',
      compare: { mode: 'default', caseSensitive: false, spaceChangeSensitive: false },
      testGroups: [{ name: 'secret', scoring: 'all' }],
    });
    expect(challenge.challengeDesc).toContain('## Input');
    expect(challenge.challengeDesc).toContain('Read two integers $a$ and $b$');
    expect(challenge.challengeDesc).not.toContain('\\problemname');
    expect(challenge.testCases.map((t) => [t.input, t.expectedOutput, t.hidden])).toEqual([
      ['1 2\n', '3\n', false],
      ['40 2\n', '42\n', true],
      ['2000000000 1500000000\n', '3500000000\n', true],
      ['-7 3\n', '-4\n', true],
    ]);
    expect(submissions).toHaveLength(25);
    expect(new Set(submissions.map((s) => s.language)).size).toBe(5);
    expect(new Set(submissions.map((s) => s.expected))).toEqual(
      new Set([
        'Accepted',
        'Wrong Answer',
        'Time Limit Exceeded',
        'Runtime Error',
        'Compilation Error',
      ]),
    );
  });

  it('takes the test code and the languages it is given', () => {
    const { files: pkg } = readPackageFolder(path.join(FIXTURES, 'aplusb'));
    const { input } = readKattisPackage(pkg, 'aplusb', {
      today,
      id: 'SUM-1',
      languages: ['cpp', 'c'],
    });
    expect(input).toMatchObject({ challengeId: 'SUM-1', language: 'cpp', languages: ['c'] });
    expect(testCodeOf('a+b')).toBe('A-B');
    expect(testCodeOf('hello world')).toBe('HELLO-WORLD');
  });

  it('reads groups from data/secret folders and their testdata.yaml', () => {
    const { input } = readKattisPackage(
      files({
        'problem.yaml': 'name: Groups\n',
        'data/sample/1.in': '1\n',
        'data/sample/1.ans': '1\n',
        'data/secret/a_small/1.in': '2\n',
        'data/secret/a_small/1.ans': '2\n',
        'data/secret/a_small/testdata.yaml': 'on_reject: break\naccept_score: 3\n',
        'data/secret/b_large/10.in': '10\n',
        'data/secret/b_large/10.ans': '10\n',
        'data/secret/b_large/2.in': '3\n',
        'data/secret/b_large/2.ans': '3\n',
        'data/secret/loose.in': '4\n',
      }),
      'groups',
      { today },
    );
    expect(input.testGroups).toEqual([
      { name: 'a_small', scoring: 'all' },
      { name: 'b_large', scoring: 'sum' },
    ]);
    expect(input.testCases?.map((t) => [t.input.trim(), t.group ?? null, t.weight])).toEqual([
      ['1', null, 1],
      ['2', 'a_small', 3],
      ['3', 'b_large', 1],
      ['10', 'b_large', 1],
    ]);
  });

  it('takes an output validator as a checker, inlining the headers it includes', () => {
    const { input } = readKattisPackage(
      files({
        'problem.yaml': 'name: Checked\nvalidation: custom\n',
        'data/sample/1.in': '1\n',
        'data/sample/1.ans': '1\n',
        'output_validators/check/validate.h': 'int helper() { return 42; }\n',
        'output_validators/check/validate.cpp':
          '#include "validate.h"\n#include <cstdio>\nint main() { return helper(); }\n',
      }),
      'checked',
      { today },
    );
    expect(input.compare).toEqual({ mode: 'checker', language: 'cpp' });
    expect(input.checkerSource).toBe(
      'int helper() { return 42; }\n\n#include <cstdio>\nint main() { return helper(); }\n',
    );
  });

  it('imports an interactive problem: its output validator is the interactor, in each spelling', () => {
    const { files: pkg, shortName } = readPackageFolder(path.join(FIXTURES, 'guess'));
    const { input, submissions } = readKattisPackage(pkg, shortName, { today });
    expect(input).toMatchObject({
      interactive: true,
      compare: { mode: 'checker', language: 'python' },
      timeLimitMs: 500,
    });
    expect(input.checkerSource).toContain('sys.exit(42)');
    expect(submissions.map((s) => s.expected).sort()).toEqual(
      [
        'Accepted',
        'Accepted',
        'Runtime Error',
        'Runtime Error',
        'Time Limit Exceeded',
        'Time Limit Exceeded',
        'Wrong Answer',
        'Wrong Answer',
      ].sort(),
    );
    // 2023-07's `type: interactive` and DOMjudge's ini say the same.
    for (const meta of [
      { 'problem.yaml': 'name: G\ntype: interactive\n' } as Record<string, string>,
      { 'domjudge-problem.ini': "name='G'\nvalidation='custom interactive'\n" },
    ]) {
      const read = readKattisPackage(
        files({
          ...meta,
          'data/secret/1.in': '5\n',
          'data/secret/1.ans': '5\n',
          'output_validators/interactor/interactor.py': 'import sys\nsys.exit(42)\n',
        }),
        'g',
        { today },
      );
      expect(read.input.interactive, JSON.stringify(meta)).toBe(true);
    }
    // A pass-fail package is never interactive (a replacement clears the flag).
    const plain = readKattisPackage(
      files({ 'problem.yaml': 'name: P\n', 'data/secret/1.in': '1\n', 'data/secret/1.ans': '1\n' }),
      'p',
      { today },
    );
    expect(plain.input.interactive).toBe(false);
  });

  it('maps validator_flags, and reads a DOMjudge ini and .timelimit', () => {
    expect(compareRuleFromFlags('case_sensitive float_tolerance 1e-6')).toEqual({
      mode: 'default',
      caseSensitive: true,
      floatTolerance: 1e-6,
    });
    expect(() => compareRuleFromFlags('float_tolerance')).toThrow(PackageError);
    const { input } = readKattisPackage(
      files({
        'domjudge-problem.ini': "name = 'Hello DOMjudge'\ntimelimit = 3\n",
        '.timelimit': '2.5\n',
        'data/secret/1.in': '',
        'data/secret/1.ans': 'hello\n',
      }),
      'hello',
      { today },
    );
    expect(input).toMatchObject({ challengeName: 'Hello DOMjudge', timeLimitMs: 2500 });
  });

  it('refuses what it cannot hold, with a message', () => {
    const refused = (entries: Record<string, string>) => {
      try {
        readKattisPackage(files(entries), 'x', { today });
      } catch (err) {
        return { message: (err as PackageError).message, status: (err as PackageError).status };
      }
      return undefined;
    };
    expect(refused({ 'README.md': 'hi' })?.message).toMatch(/^Not a problem package/u);
    expect(refused({ 'problem.yaml': 'name: x\n' })?.message).toMatch(/no tests/u);
    // Interactive without an interactor; with one it is imported (below).
    expect(refused({ 'problem.yaml': 'validation: custom interactive\n' })?.message).toBe(
      messages.packageInteractive,
    );
    // Multi-pass in each spelling: legacy validation, 2023-07's type (a word or a list), DOMjudge's
    // validation_passes limit. Never imported as single-pass.
    for (const yaml of [
      'validation: custom multi-pass\n',
      'type: multi-pass\n',
      'type: [scoring, multi_pass]\n',
      'limits:\n  validation_passes: 3\n',
    ])
      expect(refused({ 'problem.yaml': yaml })?.message, yaml).toBe(messages.packageMultiPass);
    expect(messages.packageMultiPass).toMatch(/multi-pass/u);
    expect(
      refused({
        'problem.yaml': 'name: big\n',
        'data/sample/1.in': 'x'.repeat(1_000_001),
        'data/sample/1.ans': '1\n',
      }),
    ).toMatchObject({
      status: 413,
      message: expect.stringMatching(
        /data\/sample\/1\.in is 1\.0 MB: a sample is shown to students/u,
      ),
    });
    expect(refused({ 'problem.yaml': 'name: [unclosed\n' })?.message).toMatch(/not valid YAML/u);
    // A LaTeX statement is converted on the event loop: 128 KB at most.
    expect(
      refused({
        'problem.yaml': 'name: x\n',
        'problem_statement/problem.en.tex': '\\'.repeat(MAX_LATEX_STATEMENT_BYTES + 1),
      })?.message,
    ).toBe('problem_statement/problem.en.tex is larger than 128 KB.');
  });

  it('reads limits.output in MiB (8 by default), rounded up, and refuses one a challenge cannot hold', () => {
    const pkg = (limits: string) =>
      files({
        'problem.yaml': `name: Out\n${limits}`,
        'data/secret/1.in': '1\n',
        'data/secret/1.ans': '1\n',
      });
    const outputOf = (limits: string) =>
      readKattisPackage(pkg(limits), 'out', { today }).input.outputLimitMb;
    expect(outputOf('')).toBe(8);
    expect(outputOf('limits:\n  output: 2\n')).toBe(2);
    expect(outputOf('limits:\n  output: 0.5\n')).toBe(1);
    expect(() => outputOf('limits:\n  output: 100\n')).toThrow(/at most 64 MiB/u);
    expect(() => outputOf('limits:\n  output: lots\n')).toThrow(PackageError);
  });

  it("reads a scoring package's grading tree: each testdata.yaml over its parent's, problemtools' defaults first", () => {
    const { files: pkg, shortName } = readPackageFolder(path.join(FIXTURES, 'subtasks'));
    const { input, submissions } = readKattisPackage(pkg, shortName, { today });
    const base = {
      aggregate: 'sum',
      verdict: 'worst_error',
      acceptIfAnyAccepted: false,
      ignoreSample: false,
      acceptScore: 1,
      rejectScore: 0,
      onReject: 'continue',
    };
    const group = { ...base, aggregate: 'min', acceptScore: 50, onReject: 'break' };
    expect(challengeInputSchema.parse(input).grading).toEqual({
      root: { ...base, ignoreSample: true },
      // The samples of a scoring problem earn nothing unless their own testdata.yaml says so.
      sample: { ...base, acceptScore: 0 },
      secret: { ...base, verdict: 'first_error', acceptIfAnyAccepted: true },
      groups: { '1_small': group, '2_large': group },
    });
    expect(submissions.filter((s) => s.score === 'partial').map((s) => s.path)).toEqual([
      'submissions/partially_accepted/int32.c',
      'submissions/partially_accepted/small.py',
    ]);
    // A pass-fail package has none, so it replaces a scoring problem's grading too.
    const plain = readPackageFolder(path.join(FIXTURES, 'aplusb'));
    expect(readKattisPackage(plain.files, plain.shortName, { today }).input.grading).toBeNull();
  });

  it("reads 2023-07's output_validator/ as well as output_validators/", () => {
    const { input } = readKattisPackage(
      files({
        'problem.yaml': 'name: New\n',
        'output_validator/check.py': 'import sys\nsys.exit(42)\n',
        'data/secret/1.in': '1\n',
        'data/secret/1.ans': '1\n',
      }),
      'new',
      { today },
    );
    expect(input).toMatchObject({
      compare: { mode: 'checker', language: 'python' },
      checkerSource: 'import sys\nsys.exit(42)\n',
    });
  });

  it('lists every submission file: judged with what its folder or tag promises, or left out with why', () => {
    const { files: pkg, shortName } = readPackageFolder(path.join(FIXTURES, 'domhello'));
    const { submissions, warnings } = readKattisPackage(pkg, shortName, { today });
    // A folder is judged as one submission of all its files.
    expect(submissions.find((s) => s.path.endsWith('multi/'))?.sources).toEqual({
      entry: 'main.c',
      files: [
        { name: 'main.c', content: expect.stringContaining('#include "msg.h"') as string },
        { name: 'msg.h', content: expect.stringContaining('#define MSG') as string },
      ],
    });
    expect(
      Object.fromEntries(submissions.map((s) => [s.path, [s.expected, ...(s.also ?? [])]])),
    ).toEqual({
      'submissions/accepted/hello.c': ['Accepted'],
      'submissions/accepted/hello.py': ['Accepted'],
      // A folder with one source file and the header it includes.
      'submissions/accepted/multi/': ['Accepted'],
      // Two Python modules: main.py imports helper.py.
      'submissions/accepted/split/': ['Accepted'],
      'submissions/compiler_error/broken.cpp': ['Compilation Error'],
      'submissions/multiple/either.py': ['Accepted', 'Time Limit Exceeded'],
      'submissions/no_output/silent.py': ['Wrong Answer'],
      'submissions/output_limit/flood.c': ['Output Limit Exceeded'],
      'submissions/run_time_error/hog.cpp': ['Runtime Error', 'Memory Limit Exceeded'],
      'submissions/slow_accepted/slow.py': ['Accepted', 'Time Limit Exceeded'],
    });
    expect(warnings).toEqual([
      'submissions/accepted/hello.rb: left out: a language the portal does not judge',
      'submissions/mystery/what.py: left out: mystery/ names no verdict of Kattis or DOMjudge and the file has no @EXPECTED_RESULTS@ tag',
      'submissions/wrong_answer/old.py: left out: Python 2, which the portal does not run',
    ]);
  });

  it("judges folders of several files together, each starting from its entry by the formats' rules", () => {
    const { files: pkg, shortName } = readPackageFolder(path.join(FIXTURES, 'multifile'));
    const { submissions, warnings } = readKattisPackage(pkg, shortName, { today });
    expect(
      submissions.map((s) => [
        s.path,
        s.language,
        s.expected,
        s.sources?.entry,
        s.sources?.files.map((f) => f.name),
      ]),
    ).toEqual([
      [
        'submissions/accepted/cpp_split/',
        'cpp',
        'Accepted',
        'main.cpp',
        ['add.cpp', 'add.h', 'main.cpp'],
      ],
      // Java: the class holding main, whatever its name.
      [
        'submissions/accepted/java_two/',
        'java',
        'Accepted',
        'Sum.java',
        ['Adder.java', 'Sum.java'],
      ],
      // Python: the one file with an `if __name__ == '__main__':` block.
      [
        'submissions/accepted/py_modules/',
        'python',
        'Accepted',
        'solve.py',
        ['arith.py', 'solve.py'],
      ],
      [
        'submissions/wrong_answer/cpp_int/',
        'cpp',
        'Wrong Answer',
        'main.cpp',
        ['add.cpp', 'add.h', 'main.cpp'],
      ],
      [
        'submissions/wrong_answer/java_two/',
        'java',
        'Wrong Answer',
        'Sum.java',
        ['Adder.java', 'Sum.java'],
      ],
      // Python: the file named like the problem (Kattis).
      [
        'submissions/wrong_answer/py_modules/',
        'python',
        'Wrong Answer',
        'multifile.py',
        ['arith.py', 'multifile.py'],
      ],
    ]);
    expect(warnings).toEqual([
      'submissions/accepted/cpp_split/notes/README.txt: left out: in a sub-folder of the submission submissions/accepted/cpp_split/, which is judged on its own files',
      'submissions/accepted/ruby_split/: left out: no source file in a language the portal judges',
    ]);
  });

  it("picks a folder's entry as Kattis and DOMjudge do", () => {
    const f = (name: string, content = '') => ({ name, content });
    // main.* first (problemtools), then the problem's name (Kattis's submit client), else the
    // first by name (problemtools' smallest, DOMjudge's first file).
    expect(entryFileOf('python', [f('a.py'), f('main.py'), f('prob.py')], 'prob')).toBe('main.py');
    expect(entryFileOf('python', [f('a.py'), f('prob.py')], 'prob')).toBe('prob.py');
    expect(entryFileOf('python', [f('a.py'), f('b.py')], 'prob')).toBe('a.py');
    // Two guarded files say nothing: the first by name.
    const guard = "if __name__ == '__main__':\n    run()\n";
    expect(entryFileOf('python', [f('a.py'), f('b.py', guard)], 'prob')).toBe('b.py');
    expect(entryFileOf('python', [f('a.py', guard), f('b.py', guard)], 'prob')).toBe('a.py');
    // Java: among the files whose class holds main.
    const main = 'class X { public static void main(String[] a) {} }';
    expect(entryFileOf('java', [f('Main.java'), f('Run.java', main)], 'prob')).toBe('Run.java');
    expect(entryFileOf('c', [f('a.c'), f('b.c', 'int main(void) {}')], 'prob')).toBe('b.c');
  });

  it("reads the output validator's arguments: validator_flags, testdata.yaml's, DOMjudge's", () => {
    const pkg = (extra: Record<string, string>) =>
      files({
        'output_validators/v/v.py': 'import sys\nsys.exit(42)\n',
        'data/secret/1.in': '1\n',
        'data/secret/1.ans': '1\n',
        ...extra,
      });
    const args = (extra: Record<string, string>) =>
      challengeInputSchema.parse(readKattisPackage(pkg(extra), 'v', { today }).input).checkerArgs;
    expect(
      args({ 'problem.yaml': 'validation: custom\nvalidator_flags: tolerance 0.01 strict\n' }),
    ).toEqual(['tolerance', '0.01', 'strict']);
    expect(
      args({
        'problem.yaml': 'validation: custom\n',
        'data/testdata.yaml': 'output_validator_flags: tolerance 1\n',
      }),
    ).toEqual(['tolerance', '1']);
    // 2023-07: a list.
    expect(
      args({
        'problem.yaml': 'name: V\n',
        'data/testdata.yaml': 'output_validator_args: [tolerance, "2"]\n',
      }),
    ).toEqual(['tolerance', '2']);
    expect(
      args({
        'domjudge-problem.ini': 'name = V\nspecial_compare_args = tolerance 3\n',
      }),
    ).toEqual(['tolerance', '3']);
    expect(args({ 'problem.yaml': 'validation: custom\n' })).toEqual([]);
  });

  it("refuses custom_scoring, whose validator gives each test's points in score.txt", () => {
    expect(() =>
      readKattisPackage(
        files({
          'problem.yaml': 'type: scoring\nvalidation: custom\ngrading:\n  custom_scoring: true\n',
          'output_validators/v/v.py': 'import sys\nsys.exit(42)\n',
          'data/secret/1.in': '1\n',
          'data/secret/1.ans': '1\n',
        }),
        'v',
        { today },
      ),
    ).toThrow(messages.packageCustomScoring);
  });

  it('gives a group whose testdata.yaml has flags of its own those flags, as problemtools does', () => {
    const read = (extra: Record<string, string>) =>
      challengeInputSchema.parse(
        readKattisPackage(
          files({
            'output_validators/v/v.py': 'import sys\nsys.exit(42)\n',
            'data/sample/1.in': '1\n',
            'data/sample/1.ans': '1\n',
            'data/secret/1.in': '1\n',
            'data/secret/1.ans': '1\n',
            'data/secret/g1/1.in': '1\n',
            'data/secret/g1/1.ans': '1\n',
            'data/secret/g2/1.in': '1\n',
            'data/secret/g2/1.ans': '1\n',
            ...extra,
          }),
          'v',
          { today },
        ).input,
      );
    // problem.yaml's flags first, then the nearest testdata.yaml's: g1 its own, g2 and the
    // ungrouped hidden tests data/secret's, the samples the root's (the challenge's).
    const custom = read({
      'problem.yaml': 'validation: custom\nvalidator_flags: strict\n',
      'data/testdata.yaml': 'output_validator_flags: tolerance 1\n',
      'data/secret/testdata.yaml': 'output_validator_flags: tolerance 5\n',
      'data/secret/g1/testdata.yaml': 'output_validator_args: [tolerance, "9"]\n',
    });
    expect(custom.checkerArgs).toEqual(['strict', 'tolerance', '1']);
    expect(custom.testGroups).toEqual([
      { name: 'g1', scoring: 'sum', checkerArgs: ['strict', 'tolerance', '9'] },
      { name: 'g2', scoring: 'sum', checkerArgs: ['strict', 'tolerance', '5'] },
      { name: 'secret', scoring: 'sum', checkerArgs: ['strict', 'tolerance', '5'] },
    ]);
    // Flags equal to the challenge's, or none of its own: no arguments of the group's own.
    const same = read({
      'problem.yaml': 'validation: custom\n',
      'data/testdata.yaml': 'output_validator_flags: tolerance 1\n',
      'data/sample/testdata.yaml': 'output_validator_flags: tolerance 1\n',
    });
    expect(same.testGroups.filter((g) => g.checkerArgs)).toEqual([]);
    // An empty string is flags of its own too: the group's tests pass none.
    const none = read({
      'problem.yaml': 'validation: custom\n',
      'data/testdata.yaml': 'output_validator_flags: tolerance 1\n',
      'data/sample/testdata.yaml': "output_validator_flags: ''\n",
    });
    expect(none.testGroups).toContainEqual({ name: 'sample', scoring: 'sum', checkerArgs: [] });
    // The default validator compares every test by one rule: a group of its own is refused.
    expect(() =>
      readKattisPackage(
        files({
          'problem.yaml': 'name: V\n',
          'data/secret/1.in': '1\n',
          'data/secret/1.ans': '1\n',
          'data/secret/testdata.yaml': 'output_validator_flags: float_tolerance 5\n',
        }),
        'v',
        { today },
      ),
    ).toThrow(
      /data\/secret\/testdata.yaml gives the output validator flags of its own \(float_tolerance 5\): the default validator compares every test by one rule/u,
    );
  });

  it("reads @EXPECTED_RESULTS@ tags in DOMjudge's names", () => {
    expect(expectedResultsTag('// @EXPECTED_RESULTS@: WRONG-ANSWER,RUN-ERROR\n')).toEqual([
      'Wrong Answer',
      'Runtime Error',
      'Memory Limit Exceeded',
    ]);
    expect(expectedResultsTag('# @EXPECTED_RESULTS@: NO-OUTPUT\n')).toEqual(['Wrong Answer']);
    expect(expectedResultsTag('print(1)\n')).toBeNull();
    expect(expectedResultsTag('# @EXPECTED_RESULTS@: SOMETHING\n')).toBeNull();
  });

  it('refuses a grader program of the package and an unknown grader flag', () => {
    const pkg = (testdata: string) =>
      files({
        'problem.yaml': 'name: S\ntype: scoring\n',
        'data/secret/testdata.yaml': testdata,
        'data/secret/1.in': '1\n',
        'data/secret/1.ans': '1\n',
      });
    expect(() => readKattisPackage(pkg('grading: custom\n'), 's', { today })).toThrow(
      /grader program/u,
    );
    expect(() => readKattisPackage(pkg('grader_flags: median\n'), 's', { today })).toThrow(
      /unknown grader flag median/u,
    );
  });

  it('reads the YAML metadata of a package within limits shared by its files', () => {
    // 200 groups with a testdata.yaml each: 600 look-ups, one parse per file, one token budget.
    const group = (i: number) => ({
      [`data/secret/g${i}/1.in`]: '1\n',
      [`data/secret/g${i}/1.ans`]: '1\n',
      [`data/secret/g${i}/testdata.yaml`]: `accept_score: 2\n# ${'x'.repeat(100)}\n`,
    });
    const groups = Object.assign({}, ...Array.from({ length: 200 }, (_, i) => group(i))) as Record<
      string,
      string
    >;
    expect(() =>
      readKattisPackage(files({ 'problem.yaml': 'name: g\n', ...groups }), 'g', { today }),
    ).toThrow(
      messages.packageYamlTotalTooLarge.replace(
        '{size}',
        `${PACKAGE_YAML_TOTAL_MAX_BYTES / 1024} KB`,
      ),
    );
    const few = Object.fromEntries(Object.entries(groups).slice(0, 3 * 100));
    const { input } = readKattisPackage(files({ 'problem.yaml': 'name: g\n', ...few }), 'g', {
      today,
    });
    expect(input.testCases?.map((t) => t.weight)).toEqual(Array(100).fill(2));
    expect(() =>
      readKattisPackage(
        files({
          'problem.yaml': `name: ${'['.repeat(40)}`,
          'data/sample/1.in': '',
          'data/sample/1.ans': '',
        }),
        'g',
        { today },
      ),
    ).toThrow(PackageError);
  });
});

describe('big test data in a package', () => {
  it("leaves a hidden test's data over 64 KB to be stored as a file, wherever it is read from", () => {
    const big = 'x'.repeat(PACKAGE_INLINE_TEST_BYTES + 1);
    const { input, pendingFiles } = readKattisPackage(
      files({
        'problem.yaml': 'name: big\n',
        'data/sample/1.in': '1\n',
        'data/sample/1.ans': '1\n',
        'data/secret/a/1.in': big, // in memory (a folder's files, the tests)
        'data/secret/a/1.ans': '2\n',
      }),
      'big',
      { today },
      new Map([
        ['data/secret/b/1.in', 30_000_000], // left in the zip (package-files.ts)
        ['data/secret/b/1.ans', 100_000],
      ]),
    );
    expect(input.testCases).toEqual([
      { input: '1\n', expectedOutput: '1\n', hidden: false, weight: 1 },
      { input: '', expectedOutput: '2\n', hidden: true, weight: 1, group: 'a' },
      { input: '', expectedOutput: '', hidden: true, weight: 1, group: 'b' },
    ]);
    expect(pendingFiles).toEqual([
      { test: 1, field: 'inputFile', path: 'data/secret/a/1.in' },
      { test: 2, field: 'inputFile', path: 'data/secret/b/1.in' },
      { test: 2, field: 'expectedOutputFile', path: 'data/secret/b/1.ans' },
    ]);
  });
  it('leaves in the zip exactly the data read that way', () => {
    expect(leftInZip('data/secret/1.in', PACKAGE_INLINE_TEST_BYTES + 1)).toBe(true);
    expect(leftInZip('data/secret/1.in', PACKAGE_INLINE_TEST_BYTES)).toBe(false);
    expect(leftInZip('data/sample/1.in', 900_000)).toBe(false); // a sample is read: it is text
    expect(leftInZip('data/sample/1.in', 1_000_001)).toBe(true); // then refused, unread
    expect(leftInZip('submissions/accepted/a.py', 5_000_000)).toBe(false);
  });
});

describe('LaTeX statements', () => {
  it('keeps the text, sections as headings, lists and emphasis as Markdown', () => {
    expect(
      latexToText(
        '\\problemname{X}\n% a comment\nSay \\emph{hi} to \\textbf{all}~$n$ people.\\\\\n\\section*{Input}\n\\begin{itemize}\n\\item one\n\\item two\n\\end{itemize}\n50\\% off',
      ),
    ).toBe('Say *hi* to **all** $n$ people.\n\n## Input\n\n- one\n- two\n\n50% off');
  });

  it('keeps math exactly as written: in the line between dollars, displayed as a $$ block', () => {
    const tex = String.raw`Let $S = \{1, 2\}$ hold 50\% of \$5 and $a_i \le 10^{9}$ -- see \(x^2\).
\[ \sum_{i=1}^{n} i = \frac{n(n+1)}{2} \]
\begin{align*}
 a &= b \\ % the first row
 c &= d \label{eq:two}
\end{align*}
$$f(x) = \begin{cases} 1 & x < 0 \\ 2 & \text{otherwise} \end{cases}$$
\begin{equation} e^{i\pi} + 1 = 0 \end{equation}`;
    expect(latexToText(tex)).toBe(
      [
        String.raw`Let $S = \{1, 2\}$ hold 50% of \$5 and $a_i \le 10^{9}$ – see $x^2$.`,
        '',
        '$$',
        String.raw`\sum_{i=1}^{n} i = \frac{n(n+1)}{2}`,
        '$$',
        '',
        '$$',
        String.raw`\begin{aligned}`,
        String.raw` a &= b \\ `,
        ' c &= d ',
        String.raw`\end{aligned}`,
        '$$',
        '',
        '$$',
        String.raw`f(x) = \begin{cases} 1 & x < 0 \\ 2 & \text{otherwise} \end{cases}`,
        '$$',
        '',
        '$$',
        String.raw`e^{i\pi} + 1 = 0`,
        '$$',
      ].join('\n'),
    );
  });

  it('reads 128 KB of unclosed delimiters once, not once per delimiter', () => {
    // Linear: each kind of closing delimiter is searched for to the end at most once.
    const text = latexToText(String.raw`\(`.repeat(64 * 1024));
    expect(text).toBe(String.raw`\(`.repeat(64 * 1024));
  });
});
