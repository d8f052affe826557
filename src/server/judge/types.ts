/**
 * The judge's public data shapes, kept apart from the code so the later HTTP routes, the queue and
 * the tests can import them without pulling in process-spawning modules.
 */
import type { CompareRule } from '../../contract/compare-rule.ts';
import type { KattisGrading } from '../../contract/kattis-grading.ts';
import type { TestGroup } from '../../contract/test-groups.ts';
import type { JudgeLanguage, Verdict } from '../../contract/verdicts.ts';

export type { JudgeLanguage, Verdict };

/** A stored test file (src/contract/test-data.ts), named by its content's SHA-256. */
export interface TestFileRef {
  sha256: string;
}

export interface JudgeTest {
  /** The input ('' when `inputFile` names it). */
  input: string;
  /** The expected output ('' when `expectedOutputFile` names it). */
  expectedOutput: string;
  inputFile?: TestFileRef | undefined;
  expectedOutputFile?: TestFileRef | undefined;
  hidden: boolean;
  weight: number;
  /** A hidden test's group (src/contract/test-groups.ts). */
  group?: string;
}

/** One file of a submission made of several (a package's folder of sources). */
export interface SourceFile {
  /** Its name in the code folder: letters, digits, `_`, `-`, `+` and `.`, no folder. */
  name: string;
  content: string;
}

/**
 * A submission of several files (issue 35 item 6): all are written side by side into the code
 * folder; C and C++ compile every source together, Java compiles every class and runs the one
 * holding main in `entry`, Python and JavaScript run `entry` (the package's reader chose it by
 * the formats' rules, kattis-package.ts).
 */
export interface SourceFiles {
  files: SourceFile[];
  /** The name of the file the run starts from (for C and C++ only what the messages name). */
  entry: string;
}

export interface JudgeRequest {
  language: JudgeLanguage;
  /** The source file's text; ignored when `sources` is given. */
  code: string;
  /** A submission of several files instead of `code` (a package's self-check only). */
  sources?: SourceFiles;
  tests: JudgeTest[];
  timeLimitMs: number;
  memoryLimitMb: number;
  /** Standard output each test may write, in MiB; absent: the judge's default (config.ts). */
  outputLimitMb?: number;
  /** The challenge's full score; the result's score is score × passed weight / total weight. */
  score: number;
  /**
   * How each test's output is compared with its expected output. Absent: exact, the rule every
   * challenge had before compare modes (callers that predate them send none).
   */
  compare?: CompareRule;
  /** The checker program of a `checker` rule (its language is in the rule). */
  checkerSource?: string;
  /** How the tests' groups score; a group not listed sums its tests. */
  groups?: TestGroup[];
  /**
   * A Kattis scoring problem's grading: when given, it decides which tests run, the score and
   * the verdict (kattis-grade.ts), and `groups` only names the groups.
   */
  grading?: KattisGrading;
  /**
   * An interactive problem: the checker program is the interactor, run beside the code with its
   * stdin and stdout joined to the code's by pipes (interactive.ts).
   */
  interactive?: boolean;
  /**
   * Extra command-line arguments of the checker program (or interactor), after `input
   * judge_answer feedback_dir/`: Kattis's `validator_flags`, DOMjudge's special_compare_args.
   */
  checkerArgs?: string[];
}

/**
 * Where the judge finds big test data on this machine: a local copy of a stored file, kept until
 * `release` (src/server/test-data/test-data-cache.ts fetches them from the database).
 */
export interface TestDataFiles {
  acquire(sha256: string): Promise<{ path: string; release(): void }>;
}

/** A bounded copy of what a program wrote on one stream (captured-output.ts). */
export interface CapturedText {
  text: string;
  /** The program wrote more than the copy holds. */
  cut: boolean;
}

/** What the judge keeps of one test's run for staff: hidden tests too (never for students). */
export interface TestOutput {
  stdout: CapturedText;
  stderr: CapturedText;
}

export interface TestResult {
  index: number;
  hidden: boolean;
  weight: number;
  /** Its group: `sample`, `secret` or the one it names. */
  group: string;
  verdict: Verdict;
  /**
   * CPU time of the whole box in ms (wall time where CPU time cannot be measured); the time limit
   * itself for a Time Limit Exceeded (classify.ts reportedTimeMs).
   */
  timeMs: number;
  wallMs: number;
  /** Peak memory of the box in bytes, or null where it cannot be measured. */
  memoryBytes: number | null;
  /** Share of the test's weight earned when a checker gave partial credit (score.txt). */
  fraction?: number;
  /** A checker's judgemessage.txt: for teachers, never students. */
  judgeMessage?: string;
  /** Only for tests that are not hidden: what the program printed (capped). */
  stdout?: string;
  stderr?: string;
  /**
   * The first 64 KiB of each stream, for staff, on every test the judge ran (or only the failed
   * ones, or none: JudgeConfig.keepOutput). Absent on tests that did not run.
   */
  output?: TestOutput;
}

export interface JudgeResult {
  verdict: Verdict;
  tests: TestResult[];
  passed: number;
  total: number;
  passedWeight: number;
  totalWeight: number;
  score: number;
  /** javac's messages for a Compilation Error (capped). */
  compileOutput?: string;
  /** Internal Error only: what went wrong, for the server log (never shown to students). */
  internalMessage?: string;
  /**
   * Internal Error only: the challenge's checker program failed (ran into its limits, crashed,
   * answered neither 42 nor 43). The same checker fails the same way, so it is not tried again.
   */
  checkerFailed?: true;
}

export interface RunOnceRequest {
  language: JudgeLanguage;
  code: string;
  stdin: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  /** As JudgeRequest's. */
  outputLimitMb?: number;
}

export interface RunOnceResult {
  /** Accepted here means "ran and exited 0"; there is nothing to compare against. */
  verdict: Verdict;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timeMs: number;
  wallMs: number;
  memoryBytes: number | null;
  compileOutput?: string;
}
