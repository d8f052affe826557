/**
 * A problem package in the Kattis format (problemtools; DOMjudge reads the same layout and adds
 * `domjudge-problem.ini`) turned into a challenge (issue 14 item 7): the statement, samples and
 * secret tests with their groups, the limits, the output comparison (default validator flags or
 * the package's output validator as a checker program), and the labelled submissions the
 * self-check runs. Works on the package's files already read into memory (package-files.ts reads
 * a zip or a folder), so it is a pure function of them.
 */
import {
  CHALLENGE_ID_PATTERN,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_OUTPUT_LIMIT_MB,
  DEFAULT_TIME_LIMIT_MS,
  MAX_OUTPUT_LIMIT_MB,
  languages as ALL_LANGUAGES,
  type ChallengeInput,
  type Language,
  type TestCase,
} from '../../contract/challenges.ts';
import { DEFAULT_END_TIME, DEFAULT_START_TIME } from '../../contract/challenge-times.ts';
import type { CompareRuleInput } from '../../contract/compare-rule.ts';
import {
  DEFAULT_HIDDEN_GROUP,
  GROUP_NAME_PATTERN,
  SAMPLE_GROUP,
  type TestGroup,
} from '../../contract/test-groups.ts';
import {
  KATTIS_NODE_DEFAULTS,
  SCORE_AGGREGATES,
  VERDICT_AGGREGATES,
  type KattisGrading,
  type KattisNode,
} from '../../contract/kattis-grading.ts';
import type { Verdict } from '../../contract/verdicts.ts';
import { analyzeJavaSource } from '../judge/java-source.ts';
import type { SourceFiles } from '../judge/types.ts';
import { latexTitle, latexToText } from './latex-statement.ts';
import { PackageError } from './package-error.ts';
import { messages } from '../../contract/messages.ts';
import { SELF_CHECK_MAX_SUBMISSIONS } from '../../contract/problems.ts';
import {
  newYamlBudget,
  PACKAGE_YAML_TOTAL_MAX_BYTES,
  parsePackageIni,
  parsePackageYaml,
} from './package-metadata.ts';

/** A package's files: relative POSIX paths (no leading ./) to their bytes. */
export type PackageFiles = ReadonlyMap<string, Buffer>;
/** Test data files not read into memory: path → size in bytes. */
export type LargeFiles = ReadonlyMap<string, number>;

export { PackageError };

/** A labelled submission of the package and the verdict its folder promises. */
export interface PackageSubmission {
  path: string;
  language: Language;
  expected: Verdict;
  /** Other verdicts that agree with the folder or tag too (a memory overrun in run_time_error/). */
  also?: Verdict[];
  /**
   * A scoring problem's promise about the score: `full` (accepted/: the whole score), `partial`
   * (partially_accepted/: Accepted with a score above 0 and below the whole).
   */
  score?: 'full' | 'partial';
  /** The file's text ('' for a folder: `sources` holds its files). */
  code: string;
  /** A folder of files judged together, and the one it starts from. */
  sources?: SourceFiles;
}

/**
 * A hidden test's input or answer too big to travel in the challenge's JSON: the importer stores
 * the package's file as test data and puts its reference in the test's `field`.
 */
export interface PendingTestFile {
  test: number;
  field: 'inputFile' | 'expectedOutputFile';
  path: string;
}

export interface ImportedProblem {
  /** The challenge; the tests of `pendingFiles` still lack their file references. */
  input: ChallengeInput;
  pendingFiles: PendingTestFile[];
  submissions: PackageSubmission[];
  /** What was left out, said to the teacher (a multi-file submission, a test without answer...). */
  warnings: string[];
}

export interface ImportOptions {
  /** The test code; default: the package's folder name in capitals. */
  id?: string | undefined;
  /** The languages students may use, the first the default; default: all of the judge's. */
  languages?: readonly Language[] | undefined;
  /** Today's date (YYYY-MM-DD): the challenge opens today for a year. */
  today: string;
}

/** The most a test's input or answer can be as text in the challenge (contract). */
export const MAX_TEST_CHARS = 1_000_000;
/**
 * A hidden test's input or answer larger than this is stored as a test data file rather than as
 * text in the challenge's rows (every judge job reads those rows; the files are cached per
 * machine). Samples stay text: students see them.
 */
export const PACKAGE_INLINE_TEST_BYTES = 64 * 1024;
const MAX_TESTS = 200;

/**
 * Folder names of `submissions/` in both formats and what each promises: the verdict shown, and
 * the others that agree with it too (problemtools' and DOMjudge's meanings; both file a memory
 * overrun as a run-time error, and DOMjudge's no-output is the portal's Wrong Answer).
 */
const FOLDERS: Record<string, { expected: Verdict; also?: Verdict[]; score?: 'full' | 'partial' }> =
  {
    accepted: { expected: 'Accepted', score: 'full' },
    partially_accepted: { expected: 'Accepted', score: 'partial' },
    // Accepted, but may run past the time limit (problemtools uses them to set it).
    slow_accepted: { expected: 'Accepted', also: ['Time Limit Exceeded'] },
    wrong_answer: { expected: 'Wrong Answer' },
    time_limit_exceeded: { expected: 'Time Limit Exceeded' },
    run_time_error: { expected: 'Runtime Error', also: ['Memory Limit Exceeded'] },
    compile_error: { expected: 'Compilation Error' },
    compiler_error: { expected: 'Compilation Error' },
    memory_limit_exceeded: { expected: 'Memory Limit Exceeded', also: ['Runtime Error'] },
    memory_limit: { expected: 'Memory Limit Exceeded', also: ['Runtime Error'] },
    output_limit_exceeded: { expected: 'Output Limit Exceeded' },
    output_limit: { expected: 'Output Limit Exceeded' },
    no_output: { expected: 'Wrong Answer' },
    // 2023-07: any rejection.
    rejected: {
      expected: 'Wrong Answer',
      also: [
        'Time Limit Exceeded',
        'Runtime Error',
        'Memory Limit Exceeded',
        'Output Limit Exceeded',
        'Compilation Error',
      ],
    },
  };

/** DOMjudge's result names in an `@EXPECTED_RESULTS@:` tag. */
const TAG_RESULTS: Record<string, Verdict[]> = {
  CORRECT: ['Accepted'],
  'WRONG-ANSWER': ['Wrong Answer'],
  'NO-OUTPUT': ['Wrong Answer'],
  TIMELIMIT: ['Time Limit Exceeded'],
  'RUN-ERROR': ['Runtime Error', 'Memory Limit Exceeded'],
  'MEMORY-LIMIT': ['Memory Limit Exceeded', 'Runtime Error'],
  'OUTPUT-LIMIT': ['Output Limit Exceeded'],
  'COMPILER-ERROR': ['Compilation Error'],
};

/** The verdicts an `@EXPECTED_RESULTS@:` tag allows, the first shown; null without a usable tag. */
export function expectedResultsTag(code: string): Verdict[] | null {
  const m = /@EXPECTED_RESULTS@:?\s*([A-Za-z_, -]+)/u.exec(code.slice(0, 20_000));
  if (!m?.[1]) return null;
  const verdicts = m[1]
    .split(/[\s,]+/u)
    .filter(Boolean)
    .flatMap((name) => TAG_RESULTS[name.toUpperCase().replaceAll('_', '-')] ?? []);
  return verdicts.length > 0 ? [...new Set(verdicts)] : null;
}

/** Python 2, which the portal does not run: a .py2 file, a python2 #! line or a print statement. */
const isPython2 = (path: string, code: string) =>
  path.endsWith('.py2') || /^#!.*python2/u.test(code) || /^\s*print\s+(?!\()["'\w]/mu.test(code);

const EXTENSIONS: Record<string, Language> = {
  py: 'python',
  py3: 'python',
  java: 'java',
  c: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  'c++': 'cpp',
  js: 'javascript',
  mjs: 'javascript',
};

export const languageOfFile = (path: string): Language | undefined =>
  EXTENSIONS[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];

const text = (files: PackageFiles, path: string): string | undefined =>
  files.get(path)?.toString('utf8');

const byNaturalPath = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** Statements are small; a larger one is no package's. */
const MAX_STATEMENT_BYTES = 1024 * 1024;
/**
 * The LaTeX conversion is linear but not cheap: 1 MB of backslashes took 186 ms of the event loop
 * on a busy machine. 128 KB keeps it near 25 ms, and a description keeps 50,000 characters anyway.
 */
export const MAX_LATEX_STATEMENT_BYTES = 128 * 1024;

/**
 * The package's YAML metadata, each file parsed once (groupInfo asks for the same testdata.yaml
 * for every test), after their sizes together were checked (package-metadata.ts).
 */
function yamlReader(files: PackageFiles): (path: string) => Record<string, unknown> {
  let total = 0;
  for (const [path, bytes] of files)
    if (path === 'problem.yaml' || (path.startsWith('data/') && path.endsWith('/testdata.yaml')))
      total += bytes.length;
  if (total > PACKAGE_YAML_TOTAL_MAX_BYTES)
    throw new PackageError(
      messages.packageYamlTotalTooLarge.replace(
        '{size}',
        `${PACKAGE_YAML_TOTAL_MAX_BYTES / 1024} KB`,
      ),
    );
  const budget = newYamlBudget();
  const parsed = new Map<string, Record<string, unknown>>();
  return (path) => {
    let value = parsed.get(path);
    if (!value) {
      const bytes = files.get(path);
      value = bytes ? parsePackageYaml(path, bytes, budget) : {};
      parsed.set(path, value);
    }
    return value;
  };
}

type YamlOf = ReturnType<typeof yamlReader>;

/** domjudge-problem.ini: `key = value` lines, values maybe quoted. */
function iniOf(files: PackageFiles): Record<string, string> {
  const bytes = files.get('domjudge-problem.ini');
  return bytes ? parsePackageIni('domjudge-problem.ini', bytes) : {};
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

function problemName(yaml: Record<string, unknown>, ini: Record<string, string>, tex?: string) {
  const name = yaml.name;
  if (typeof name === 'string' && name.trim()) return name.trim();
  const names = record(name);
  const english = names.en ?? Object.values(names)[0];
  if (typeof english === 'string' && english.trim()) return english.trim();
  if (ini.name?.trim()) return ini.name.trim();
  return tex ? latexTitle(tex) : undefined;
}

const STATEMENTS = [
  'problem_statement/problem.en.md',
  'statement/problem.en.md',
  'problem_statement/problem.md',
  'problem_statement/problem.en.tex',
  'statement/problem.en.tex',
  'problem_statement/problem.tex',
];

function statementOf(files: PackageFiles): { text: string; tex?: string } | undefined {
  for (const path of STATEMENTS) {
    const source = text(files, path);
    if (source === undefined) continue;
    // The LaTeX conversion scans for braces: bounded input, bounded work.
    const max = path.endsWith('.tex') ? MAX_LATEX_STATEMENT_BYTES : MAX_STATEMENT_BYTES;
    if (Buffer.byteLength(source) > max)
      throw new PackageError(
        messages.packageFileTooLarge.replace('{file}', path).replace('{size}', `${max / 1024} KB`),
      );
    return path.endsWith('.tex')
      ? { text: latexToText(source), tex: source }
      : { text: source.trim() };
  }
  return undefined;
}

/** problemtools' validator_flags (legacy problem.yaml) as the default validator's rule. */
export function compareRuleFromFlags(flags: string): CompareRuleInput {
  const rule: CompareRuleInput & { mode: 'default' } = { mode: 'default' };
  const words = flags.trim().split(/\s+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const number = () => {
      const value = Number(words[++i]);
      if (!Number.isFinite(value) || value < 0)
        throw new PackageError(
          `validator_flags: ${word} needs a number, got ${words[i] ?? 'nothing'}`,
        );
      return value;
    };
    if (word === 'case_sensitive') rule.caseSensitive = true;
    else if (word === 'space_change_sensitive') rule.spaceChangeSensitive = true;
    else if (word === 'float_absolute_tolerance') rule.floatAbsoluteTolerance = number();
    else if (word === 'float_relative_tolerance') rule.floatRelativeTolerance = number();
    else if (word === 'float_tolerance') rule.floatTolerance = number();
    else throw new PackageError(`validator_flags: unknown flag ${word ?? ''}`);
  }
  return rule;
}

/**
 * The output validator as one source file: C and C++ validators often include a header of their
 * own (the Kattis validate.h): quoted includes of files beside it are inlined.
 */
/** The output validator's files: the legacy `output_validators/<name>/` or 2023-07's `output_validator/`. */
const isValidatorFile = (p: string) =>
  p.startsWith('output_validators/') || p.startsWith('output_validator/');

function checkerOf(files: PackageFiles): { language: Language; source: string } | undefined {
  const inFolder = [...files.keys()].filter(isValidatorFile).sort();
  if (inFolder.length === 0) return undefined;
  const sources = inFolder.filter((p) => languageOfFile(p));
  const main =
    sources.length === 1
      ? sources[0]
      : sources.find((p) => /\bint\s+main\s*\(/u.test(text(files, p) ?? ''));
  const language = main ? languageOfFile(main) : undefined;
  if (!main || !language)
    throw new PackageError(
      `output_validator${inFolder[0]?.startsWith('output_validators/') ? 's' : ''}/ holds ${sources.length} source files (${sources.join(', ') || 'none'}): one program is needed, with C or C++ headers beside it if it includes them`,
    );
  return { language, source: withIncludes(files, main) };
}

/** A C or C++ file with the quoted includes of files beside it inlined, each once. */
function withIncludes(files: PackageFiles, main: string): string {
  const dir = main.slice(0, main.lastIndexOf('/') + 1);
  const seen = new Set<string>();
  const inline = (path: string): string =>
    (text(files, path) ?? '').replace(
      /^\s*#\s*include\s*"([^"]+)"\s*$/gmu,
      (line, name: string) => {
        const included = dir + name;
        if (!files.has(included)) return line;
        if (seen.has(included)) return '';
        seen.add(included);
        return inline(included);
      },
    );
  return inline(main);
}

/** A flags value of problem.yaml or a testdata.yaml: a string split at spaces, or a list. */
function flagWords(value: unknown, where: string): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value
      .map(String)
      .flatMap((w) => w.split(/\s+/u))
      .filter(Boolean);
  if (typeof value === 'string' || typeof value === 'number')
    return String(value).split(/\s+/u).filter(Boolean);
  throw new PackageError(`${where} must be a string of flags`);
}

/** A testdata.yaml's own output validator flags: legacy output_validator_flags, 2023-07's _args. */
const groupFlags = (data: Record<string, unknown>) =>
  data.output_validator_args ?? data.output_validator_flags;

/**
 * The output validator's arguments, which Kattis passes after `input judge_answer feedback_dir`
 * (and DOMjudge, as special_compare_args): problem.yaml's validator_flags, then the root
 * data/testdata.yaml's output_validator_flags (or 2023-07's output_validator_args), else
 * domjudge-problem.ini's special_compare_args. These are the challenge's; a group whose
 * testdata.yaml gives flags of its own gets its own (groupValidatorArgs).
 */
export function validatorArgsOf(
  yaml: Record<string, unknown>,
  ini: Record<string, string>,
  yamlOf: YamlOf,
): string[] {
  const words = [
    ...flagWords(yaml.validator_flags, 'problem.yaml: validator_flags'),
    ...flagWords(
      groupFlags(yamlOf('data/testdata.yaml')),
      'data/testdata.yaml: output_validator_flags',
    ),
  ];
  return words.length > 0 || yaml.validator_flags !== undefined
    ? words
    : flagWords(ini.special_compare_args, 'domjudge-problem.ini: special_compare_args');
}

/**
 * The arguments of each group whose tests Kattis would pass other flags than the challenge's:
 * problem.yaml's validator_flags, then the flags of the nearest testdata.yaml that gives some
 * (the group's folder, then data/secret or data/sample, then data), as problemtools does. The
 * default validator takes one rule for the whole challenge, so there a group of its own flags is
 * refused rather than judged with the wrong ones.
 */
function groupValidatorArgs(
  yaml: Record<string, unknown>,
  yamlOf: YamlOf,
  groupFolders: ReadonlyMap<string, string>,
  challengeArgs: readonly string[],
  custom: boolean,
): Map<string, string[]> {
  const own = new Map<string, string[]>();
  const folders: [string, string[]][] = [
    [SAMPLE_GROUP, ['data/sample', 'data']],
    [DEFAULT_HIDDEN_GROUP, ['data/secret', 'data']],
    ...[...groupFolders].map(([group, folder]): [string, string[]] => [
      group,
      [`data/secret/${folder}`, 'data/secret', 'data'],
    ]),
  ];
  for (const [group, chain] of folders) {
    const from = chain.find((dir) => groupFlags(yamlOf(`${dir}/testdata.yaml`)) !== undefined);
    if (from === undefined || from === 'data') continue;
    const path = `${from}/testdata.yaml`;
    const args = [
      ...flagWords(yaml.validator_flags, 'problem.yaml: validator_flags'),
      ...flagWords(groupFlags(yamlOf(path)), path),
    ];
    if (args.join(' ') === challengeArgs.join(' ')) continue;
    if (!custom)
      throw new PackageError(
        `${path} gives the output validator flags of its own (${args.join(' ') || 'none'}): the default validator compares every test by one rule`,
      );
    own.set(group, args);
  }
  return own;
}

interface GroupInfo {
  scoring: TestGroup['scoring'];
  weight: number;
}

/** A group's testdata.yaml (falling back to its parents'): all or nothing, and a test's points. */
function groupInfo(yamlOf: YamlOf, dir: string): GroupInfo {
  const chain = [dir, 'data/secret', 'data'].map((d) => yamlOf(`${d}/testdata.yaml`));
  const get = (key: string) => chain.find((y) => y[key] !== undefined)?.[key];
  const onReject = get('on_reject');
  const graderFlags = String(get('grader_flags') ?? '');
  const accept = Number(get('accept_score') ?? 1);
  return {
    scoring: onReject === 'break' || /\b(min|all)\b/u.test(graderFlags) ? 'all' : 'sum',
    weight: Number.isInteger(accept) && accept >= 0 && accept <= 1000 ? accept : 1,
  };
}

/** One testdata.yaml's settings over its parent's (problemtools: a group inherits what it lacks). */
function kattisNodeOf(parent: KattisNode, data: Record<string, unknown>, path: string): KattisNode {
  const node = { ...parent };
  const number = (key: string): number | undefined => {
    if (data[key] === undefined) return undefined;
    const value = Number(data[key]);
    if (!Number.isFinite(value) || Math.abs(value) > 1e6)
      throw new PackageError(`${path}: ${key} must be a number, got ${String(data[key])}`);
    return value;
  };
  node.acceptScore = number('accept_score') ?? node.acceptScore;
  node.rejectScore = number('reject_score') ?? node.rejectScore;
  if (data.on_reject !== undefined) {
    if (data.on_reject !== 'break' && data.on_reject !== 'continue')
      throw new PackageError(`${path}: on_reject must be break or continue`);
    node.onReject = data.on_reject;
  }
  if (data.grading !== undefined && data.grading !== 'default')
    throw new PackageError(
      `${path}: grading ${String(data.grading)} needs a grader program of the package's own, which this portal does not run (only problemtools' default grader and its grader_flags)`,
    );
  if (data.grader_flags !== undefined) {
    // Flags are set afresh, as problemtools reads the string the group ends up with.
    node.aggregate = 'sum';
    node.verdict = 'worst_error';
    node.acceptIfAnyAccepted = false;
    node.ignoreSample = false;
    for (const flag of String(data.grader_flags).split(/\s+/u).filter(Boolean)) {
      if ((SCORE_AGGREGATES as readonly string[]).includes(flag))
        node.aggregate = flag as KattisNode['aggregate'];
      else if (flag === 'no_errors') node.verdict = 'worst_error';
      else if ((VERDICT_AGGREGATES as readonly string[]).includes(flag))
        node.verdict = flag as KattisNode['verdict'];
      else if (flag === 'ignore_sample') node.ignoreSample = true;
      else if (flag === 'accept_if_any_accepted') node.acceptIfAnyAccepted = true;
      else throw new PackageError(`${path}: unknown grader flag ${flag}`);
    }
  }
  return node;
}

/** A scoring package (problem.yaml `type: scoring`): its legacy or 2023-07 spelling. */
function isScoring(yaml: Record<string, unknown>): boolean {
  const type = yaml.type;
  return Array.isArray(type) ? type.includes('scoring') : /\bscoring\b/u.test(String(type ?? ''));
}

/**
 * A scoring package's grading tree (contract kattis-grading.ts): the root's, sample's and
 * secret's testdata.yaml and each group's, each over its parent's, problemtools' defaults first.
 * As on Kattis, the samples of a scoring problem earn no points unless their own testdata.yaml
 * gives them an accept_score.
 */
function kattisGradingOf(yamlOf: YamlOf, groupFolders: ReadonlyMap<string, string>): KattisGrading {
  const at = (dir: string) => yamlOf(`${dir}/testdata.yaml`);
  const root = kattisNodeOf(KATTIS_NODE_DEFAULTS, at('data'), 'data/testdata.yaml');
  const sampleYaml = at('data/sample');
  const sample = kattisNodeOf(
    sampleYaml.accept_score === undefined ? { ...root, acceptScore: 0, rejectScore: 0 } : root,
    sampleYaml,
    'data/sample/testdata.yaml',
  );
  const secret = kattisNodeOf(root, at('data/secret'), 'data/secret/testdata.yaml');
  const groups: Record<string, KattisNode> = {};
  for (const [name, folder] of groupFolders)
    groups[name] = {
      ...kattisNodeOf(secret, at(`data/secret/${folder}`), `data/secret/${folder}/testdata.yaml`),
      ignoreSample: false,
    };
  // ignore_sample means something at the root only (its children inherit the flag's text).
  return {
    root,
    sample: { ...sample, ignoreSample: false },
    secret: { ...secret, ignoreSample: false },
    groups,
  };
}

function testsOf(
  files: PackageFiles,
  yamlOf: YamlOf,
  large: LargeFiles,
  warnings: string[],
): {
  tests: TestCase[];
  groups: TestGroup[];
  pendingFiles: PendingTestFile[];
  /** Each group's folder under data/secret, by the group's name. */
  folders: Map<string, string>;
} {
  const inputs = [...files.keys(), ...large.keys()]
    .filter(
      (p) => (p.startsWith('data/sample/') || p.startsWith('data/secret/')) && p.endsWith('.in'),
    )
    .sort(byNaturalPath);
  const samples = inputs.filter((p) => p.startsWith('data/sample/'));
  const secret = inputs.filter((p) => p.startsWith('data/secret/'));
  const tests: TestCase[] = [];
  const pendingFiles: PendingTestFile[] = [];
  const groups = new Map<string, TestGroup['scoring']>();
  const folders = new Map<string, string>();
  const sizeOf = (p: string) => large.get(p) ?? files.get(p)?.length;
  for (const path of [...samples, ...secret]) {
    const answerPath = `${path.slice(0, -3)}.ans`;
    if (sizeOf(answerPath) === undefined) {
      warnings.push(
        `${path} has no ${answerPath.slice(answerPath.lastIndexOf('/') + 1)}: left out`,
      );
      continue;
    }
    const hidden = path.startsWith('data/secret/');
    // A hidden test's big data becomes a stored file; a sample is shown to students, so text.
    const data = (file: string, field: PendingTestFile['field']): string => {
      const size = sizeOf(file) ?? 0;
      if (hidden && size > PACKAGE_INLINE_TEST_BYTES) {
        pendingFiles.push({ test: tests.length, field, path: file });
        return '';
      }
      if (size > MAX_TEST_CHARS || large.has(file))
        throw new PackageError(
          `${file} is ${(size / 1e6).toFixed(1)} MB: a sample is shown to students and can be at most 1 MB`,
          413,
        );
      return text(files, file) ?? '';
    };
    const input = data(path, 'inputFile');
    const answer = data(answerPath, 'expectedOutputFile');
    const rest = path.slice('data/secret/'.length);
    const folder = hidden && rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : undefined;
    const group = folder?.replace(/[^A-Za-z0-9_-]/gu, '-').slice(0, 64);
    const info = groupInfo(
      yamlOf,
      folder ? `data/secret/${folder}` : hidden ? 'data/secret' : 'data/sample',
    );
    if (group && GROUP_NAME_PATTERN.test(group) && folder) {
      groups.set(group, info.scoring);
      folders.set(group, folder);
    } else if (hidden && info.scoring === 'all') groups.set('secret', 'all');
    tests.push({
      input,
      expectedOutput: answer,
      hidden,
      // Samples count like any test unless the package scores them (accept_score in data/sample).
      weight: info.weight,
      ...(group && GROUP_NAME_PATTERN.test(group) ? { group } : {}),
    });
  }
  if (tests.length === 0)
    throw new PackageError(
      'The package has no tests (data/sample or data/secret with .in and .ans files)',
    );
  if (tests.length > MAX_TESTS)
    throw new PackageError(
      `The package has ${tests.length} tests: a challenge holds at most ${MAX_TESTS}`,
    );
  return {
    tests,
    groups: [...groups].map(([name, scoring]) => ({ name, scoring })),
    pendingFiles,
    folders,
  };
}

/** What a submission's folder (or `@EXPECTED_RESULTS@` tag) promises, or why it promises nothing. */
function promiseOf(
  folderName: string,
  code: string,
): Pick<PackageSubmission, 'expected' | 'also' | 'score'> | string {
  const tagged = expectedResultsTag(code);
  const folder = FOLDERS[folderName];
  if (!folder && !tagged)
    return `${folderName}/ names no verdict of Kattis or DOMjudge and the file has no @EXPECTED_RESULTS@ tag`;
  // DOMjudge: the tag wins over the folder.
  const [expected = 'Accepted', ...also] = tagged ?? [
    folder?.expected ?? 'Accepted',
    ...(folder?.also ?? []),
  ];
  return {
    expected,
    ...(also.length > 0 ? { also } : {}),
    ...(!tagged && folder?.score ? { score: folder.score } : {}),
  };
}

/** problemtools' tie-break between languages with as many files each (languages.yaml priority). */
const PRIORITY: Language[] = ['cpp', 'c', 'python', 'java', 'javascript'];

const baseName = (name: string) => name.slice(0, name.lastIndexOf('.')).toLowerCase();

/**
 * The file a submission of several files starts from, by the rules of both formats: for Java a
 * file whose class holds main (DOMjudge's java_javac_detect finds that class; Kattis's submit
 * client picks the file with main), for C and C++ one defining main (all are compiled anyway).
 * Among those, as problemtools' {mainfile}: one named main.*, then (Kattis's submit client) one
 * named like the problem, then for Python the only one with an `if __name__ == '__main__':`
 * block, else the first by name (problemtools' lexicographically smallest, DOMjudge's first
 * file).
 */
export function entryFileOf(
  language: Language,
  sources: readonly { name: string; content: string }[],
  problem: string,
): string | undefined {
  const withMain =
    language === 'java'
      ? sources.filter((f) => analyzeJavaSource(f.content).mainClass !== null)
      : language === 'c' || language === 'cpp'
        ? sources.filter((f) => /\bmain\s*\(/u.test(f.content))
        : [];
  const pool = withMain.length > 0 ? withMain : sources;
  const guarded = pool.filter((f) =>
    /^if\s+__name__\s*==\s*["']__main__["']\s*:/mu.test(f.content),
  );
  return (
    pool.find((f) => baseName(f.name) === 'main') ??
    pool.find((f) => baseName(f.name) === problem.toLowerCase()) ??
    (language === 'python' && guarded.length === 1 ? guarded[0] : undefined) ??
    pool[0]
  )?.name;
}

/** A name the judge can write into its code folder (languages.ts checks it again). */
const SAFE_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}$/u;

/**
 * A submission that is a folder: its own files (DOMjudge reads only those; deeper ones are listed
 * as left out), in the language most of its sources are in (problemtools' rule), judged
 * together: null, with the warning said, when it cannot be.
 */
function folderSubmission(
  files: PackageFiles,
  dir: string,
  paths: readonly string[],
  problem: string,
  warnings: string[],
): PackageSubmission | null {
  const own = paths.filter((p) => p.split('/').length === 4);
  for (const p of paths.filter((p) => !own.includes(p)))
    warnings.push(
      `${p}: left out: in a sub-folder of the submission ${dir}/, which is judged on its own files`,
    );
  const leave = (why: string) => {
    warnings.push(`${dir}/: left out: ${why}`);
    return null;
  };
  const all = own.map((p) => ({ name: p.slice(dir.length + 1), content: text(files, p) ?? '' }));
  const counts = new Map<Language, number>();
  for (const f of all) {
    const language = languageOfFile(f.name);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  const language = PRIORITY.find((l) => counts.get(l) === most && most > 0);
  if (!language) return leave('no source file in a language the portal judges');
  const bad = all.find(
    (f) => !SAFE_FILE_NAME.test(f.name) || f.name === 'main' || f.name === 'classes',
  );
  if (bad) return leave(`the file name ${JSON.stringify(bad.name)} cannot be judged`);
  const sources = all.filter((f) => languageOfFile(f.name) === language);
  if (language === 'python' && sources.some((f) => isPython2(f.name, f.content)))
    return leave('Python 2, which the portal does not run');
  const entry = entryFileOf(language, sources, problem);
  if (!entry) return leave('no source file in a language the portal judges');
  // DOMjudge reads the first tag found among the files.
  const tagged = all.find((f) => expectedResultsTag(f.content));
  const promise = promiseOf(dir.split('/')[1] ?? '', tagged?.content ?? '');
  if (typeof promise === 'string') return leave(promise);
  return {
    path: `${dir}/`,
    language,
    ...promise,
    code: '',
    sources: { files: all, entry },
  };
}

/**
 * Every file under `submissions/`: a labelled submission to judge (a file, or a folder of files
 * judged together), or a warning that says why it is left out (a folder neither format defines,
 * a language the portal lacks, Python 2, beyond the self-check's size), so the self-check's count
 * never hides a file.
 */
function submissionsOf(
  files: PackageFiles,
  problem: string,
  warnings: string[],
): PackageSubmission[] {
  const found: PackageSubmission[] = [];
  const folders = new Map<string, string[]>();
  for (const path of [...files.keys()].filter((p) => p.startsWith('submissions/')).sort()) {
    const parts = path.split('/');
    if (parts.length > 3) {
      const dir = parts.slice(0, 3).join('/');
      folders.set(dir, [...(folders.get(dir) ?? []), path]);
      continue;
    }
    if (parts.length < 3) {
      warnings.push(`${path}: left out: not in a folder that names a verdict`);
      continue;
    }
    const code = text(files, path) ?? '';
    const promise = promiseOf(parts[1] ?? '', code);
    if (typeof promise === 'string') {
      warnings.push(`${path}: left out: ${promise}`);
      continue;
    }
    const language = languageOfFile(path);
    if ((language === 'python' || path.endsWith('.py2')) && isPython2(path, code)) {
      warnings.push(`${path}: left out: Python 2, which the portal does not run`);
      continue;
    }
    if (!language) {
      warnings.push(`${path}: left out: a language the portal does not judge`);
      continue;
    }
    found.push({ path, language, ...promise, code });
  }
  for (const [dir, paths] of folders) {
    const submission = folderSubmission(files, dir, paths, problem, warnings);
    if (submission) found.push(submission);
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const s of found.slice(SELF_CHECK_MAX_SUBMISSIONS))
    warnings.push(
      `${s.path}: left out: the self-check judges the first ${SELF_CHECK_MAX_SUBMISSIONS} submissions`,
    );
  return found;
}

/**
 * `limits.output` in MiB (problemtools; 8 when absent, as on Kattis and DOMjudge), rounded up to
 * a whole MiB: a package's limit is never made tighter than it says. One beyond what a challenge
 * may hold is refused rather than quietly lowered (its accepted submissions could print more).
 */
export function outputLimitOf(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_OUTPUT_LIMIT_MB;
  const mib = Number(value);
  if (!Number.isFinite(mib) || mib <= 0)
    throw new PackageError(`limits.output must be a number of MiB, got ${String(value)}`);
  if (mib > MAX_OUTPUT_LIMIT_MB)
    throw new PackageError(
      `limits.output is ${mib} MiB: a challenge's output limit can be at most ${MAX_OUTPUT_LIMIT_MB} MiB`,
    );
  return Math.ceil(mib);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The package's short name as a test code: capitals, and only what a test code may hold. */
export function testCodeOf(shortName: string): string {
  const code = shortName
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/gu, '-')
    .slice(0, 64);
  return code.length >= 3 ? code : `${code}-PROBLEM`.slice(0, 64);
}

/**
 * Reads a package: `files` holds its files (test data among them or not), `large` names the test
 * data files left out of `files` (package-files.ts), with their sizes.
 */
export function readKattisPackage(
  files: PackageFiles,
  shortName: string,
  options: ImportOptions,
  large: LargeFiles = new Map(),
): ImportedProblem {
  if (!files.has('problem.yaml') && !files.has('domjudge-problem.ini'))
    throw new PackageError(
      'Not a problem package: neither problem.yaml nor domjudge-problem.ini was found',
    );
  const warnings: string[] = [];
  const yamlOf = yamlReader(files);
  const yaml = yamlOf('problem.yaml');
  const ini = iniOf(files);
  const hasValidator = [...files.keys()].some(isValidatorFile);
  const validation = String(
    yaml.validation ?? ini.validation ?? (hasValidator ? 'custom' : 'default'),
  );
  const kinds = [
    ...validation.split(/\s+/u),
    ...(Array.isArray(yaml.type) ? yaml.type.map(String) : String(yaml.type ?? '').split(/\s+/u)),
  ];
  // Legacy `validation: custom interactive`, 2023-07's `type: interactive`, DOMjudge's ini: the
  // output validator runs as the interactor (src/server/judge/interactive.ts).
  const interactive = kinds.includes('interactive');
  if (interactive && !hasValidator) throw new PackageError(messages.packageInteractive);
  // Judged as single-pass, a multi-pass problem accepts wrong submissions (DOMjudge's jumble):
  // refused, never imported as something else.
  if (
    kinds.some((k) => /^multi[-_]?pass$/u.test(k)) ||
    record(yaml.limits).validation_passes !== undefined
  )
    throw new PackageError(messages.packageMultiPass);
  // problemtools then takes each test's score from the validator's score.txt as it is (points,
  // not the share of accept_score a checker's score.txt gives here): judged otherwise it would
  // score differently from Kattis, or fail every test as a judge error.
  if (record(yaml.grading).custom_scoring === true)
    throw new PackageError(messages.packageCustomScoring);
  const statement = statementOf(files);
  const name = problemName(yaml, ini, statement?.tex) ?? shortName;
  const { tests, groups, pendingFiles, folders } = testsOf(files, yamlOf, large, warnings);
  const grading = isScoring(yaml) ? kattisGradingOf(yamlOf, folders) : null;

  const custom = validation.startsWith('custom') || interactive;
  const checker = custom ? checkerOf(files) : undefined;
  if (custom && !checker)
    throw new PackageError(
      'problem.yaml asks for a custom output validator, but neither output_validators/ nor output_validator/ holds one',
    );
  const validatorArgs = validatorArgsOf(yaml, ini, yamlOf);
  const groupArgs = groupValidatorArgs(yaml, yamlOf, folders, validatorArgs, Boolean(checker));
  const testGroups = [
    ...groups.map((g) => {
      const args = groupArgs.get(g.name);
      return args ? { ...g, checkerArgs: args } : g;
    }),
    // The samples and the ungrouped hidden tests, defined only to carry their own flags.
    ...[SAMPLE_GROUP, DEFAULT_HIDDEN_GROUP]
      .filter((name) => groupArgs.has(name) && !groups.some((g) => g.name === name))
      .map((name) => ({ name, scoring: 'sum' as const, checkerArgs: groupArgs.get(name) ?? [] })),
  ];
  const compare: CompareRuleInput = checker
    ? { mode: 'checker', language: checker.language }
    : compareRuleFromFlags(validatorArgs.join(' '));

  const limits = record(yaml.limits);
  const seconds = Number(
    text(files, '.timelimit')?.trim() ??
      ini.timelimit ??
      limits.time_limit ??
      DEFAULT_TIME_LIMIT_MS / 1000,
  );
  const timeLimitMs = Math.min(
    20_000,
    Math.max(100, Math.round((Number.isFinite(seconds) ? seconds : 2) * 1000)),
  );
  const memory = Number(limits.memory ?? DEFAULT_MEMORY_LIMIT_MB);
  const memoryLimitMb = Math.min(
    2048,
    Math.max(32, Number.isFinite(memory) ? Math.round(memory) : DEFAULT_MEMORY_LIMIT_MB),
  );

  const outputLimitMb = outputLimitOf(limits.output);

  // Every language by default, Python first (the one most courses start with).
  const allowed = options.languages?.length
    ? [...options.languages]
    : ['python' as const, ...ALL_LANGUAGES.filter((l) => l !== 'python')];
  const [language = 'python', ...others] = allowed;
  const challengeId = options.id?.trim() || testCodeOf(shortName);
  if (!CHALLENGE_ID_PATTERN.test(challengeId))
    throw new PackageError(
      `${challengeId} cannot be a test code: 3 to 64 letters, digits, dashes or underscores`,
    );
  return {
    input: {
      challengeName: name.slice(0, 200),
      challengeDesc: (statement?.text || name).slice(0, 50_000),
      difficultyLev: 'medium',
      score: 100,
      startDate: options.today,
      endDate: addDays(options.today, 365),
      // Whole days, also when a package replaces a challenge whose times were set.
      startTime: DEFAULT_START_TIME,
      endTime: DEFAULT_END_TIME,
      timeDur: 60,
      challengeId,
      language,
      languages: others,
      tags: String(yaml.keywords ?? yaml.source ?? 'imported').slice(0, 500) || 'imported',
      starterCode: '',
      timeLimitMs,
      memoryLimitMb,
      outputLimitMb,
      testCases: tests,
      testGroups,
      // Null for a pass-fail package: one replacing a scoring problem must not keep its grading.
      grading,
      compare,
      // Always written with a checker: a package replacing one must not keep its arguments.
      ...(checker ? { checkerSource: checker.source, checkerArgs: validatorArgs } : {}),
      // Always written: a package replacing an interactive problem must not keep the flag.
      interactive,
    },
    pendingFiles,
    submissions: submissionsOf(files, shortName, warnings),
    warnings,
  };
}
