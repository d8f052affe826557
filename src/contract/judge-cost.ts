/**
 * What one submission can cost the judge at worst, as a pure function of the challenge's settings.
 * The judge takes its per-test wall-clock kill and its compile limit from here, the queue sizes
 * its job lease from worstCaseJudgeMs, and the challenge form shows it to the teacher: one source,
 * so the three can never disagree. Imports nothing (src/contract rule).
 */

/** The languages a challenge can be set in (the same set as JudgeLanguage in verdicts.ts). */
export type CostLanguage = 'javascript' | 'python' | 'java' | 'c' | 'cpp';

/**
 * CPU time each runtime gets for its own start-up beyond the challenge's time limit (the JVM's
 * start alone takes about a second of CPU on a busy machine; Python's takes tens of ms; a C or
 * C++ binary starts in about a millisecond, the rest is box set-up on a busy machine).
 */
export const STARTUP_ALLOWANCE_MS: Readonly<Record<CostLanguage, number>> = {
  python: 500,
  javascript: 1000,
  java: 2000,
  c: 200,
  cpp: 200,
};

/**
 * Wall time a test may take beyond its CPU allowance before it is killed: box set-up (~15 ms)
 * and being scheduled late on a busy machine. Small and fixed on purpose: CPU time decides the
 * ordinary Time Limit Exceeded, and this kill only catches programs that sleep or block.
 */
export const WALL_MARGIN_MS = 500;

/** The limits of the one compile step every submission goes through before its tests. */
export interface CompileLimits {
  cpuMs: number;
  wallMs: number;
  memoryLimitMb: number;
}

/** A real compiler's run (javac, gcc, g++, with a static link): CPU, wall-clock kill, memory. */
export const COMPILE_LIMITS: CompileLimits = { cpuMs: 15_000, wallMs: 20_000, memoryLimitMb: 768 };

/**
 * Python's compile() and node --check only parse (no code generation, no link): a 256 KiB
 * source takes well under a second, so a far smaller bound keeps the worst case honest.
 */
export const SYNTAX_CHECK_LIMITS: CompileLimits = {
  cpuMs: 4_000,
  wallMs: 5_000,
  memoryLimitMb: 512,
};

/**
 * Every language goes through one compile step per submission: the interpreted ones are checked
 * for syntax, so a syntax error is a Compilation Error before any test runs (issue 14, item 4).
 */
const COMPILE_STEP: Readonly<Record<CostLanguage, CompileLimits | null>> = {
  python: SYNTAX_CHECK_LIMITS,
  javascript: SYNTAX_CHECK_LIMITS,
  java: COMPILE_LIMITS,
  c: COMPILE_LIMITS,
  cpp: COMPILE_LIMITS,
};

/** The compile step's limits, or null for a language judged without one. */
export const compileLimits = (language: CostLanguage): CompileLimits | null =>
  COMPILE_STEP[language];

export const isCompiled = (language: CostLanguage): boolean => COMPILE_STEP[language] !== null;

/** CPU time a test's box may use before the kernel stops it (RLIMIT_CPU is set from this). */
export function perTestCpuLimitMs(language: CostLanguage, timeLimitMs: number): number {
  return timeLimitMs + STARTUP_ALLOWANCE_MS[language];
}

/** When a test's box is killed by the clock, however little CPU it used (a sleep, a blocked read). */
export function perTestWallLimitMs(language: CostLanguage, timeLimitMs: number): number {
  return perTestCpuLimitMs(language, timeLimitMs) + WALL_MARGIN_MS;
}

/** The compile step's wall-clock kill, 0 for languages that are not compiled. */
export function compileWallLimitMs(language: CostLanguage): number {
  return COMPILE_STEP[language]?.wallMs ?? 0;
}

/**
 * A checker program's CPU time per test (CHECKER_TIME_LIMIT_SECONDS's default), whatever the
 * challenge's own limit, its runtime's start-up allowance on top, and its wall-clock kill half a
 * second after, as for programs. A real checker reads up to the 1 MiB a program may print in a
 * few hundred ms; the 5 s it had before let a checker that loops or sleeps hold a judge slot for
 * 5.7-7.5 s on every test (the reviewer measured 55-155 s a submission).
 */
export const CHECKER_TIME_LIMIT_MS = 2_000;
/** Memory of a checker's box (CHECKER_MEMORY_MB's default; its runtime's overhead comes on top). */
export const CHECKER_MEMORY_LIMIT_MB = 512;
/**
 * Processes and threads of a checker's box (CHECKER_PROCESSES's default): a JVM starts about 20
 * threads; programs get 64.
 */
export const CHECKER_PROCESSES = 32;

/** When a checker's box is killed by the clock. */
export const checkerWallLimitMs = (
  language: CostLanguage,
  checkerTimeLimitMs = CHECKER_TIME_LIMIT_MS,
): number => perTestWallLimitMs(language, checkerTimeLimitMs);

export interface JudgeCostInput {
  language: CostLanguage;
  testCount: number;
  timeLimitMs: number;
  /** The checker program's language, when the challenge's outputs are judged by one. */
  checkerLanguage?: CostLanguage | undefined;
  /** CHECKER_TIME_LIMIT_SECONDS when the judge is set so; default CHECKER_TIME_LIMIT_MS. */
  checkerTimeLimitMs?: number | undefined;
}

/** What a checker adds to one submission at worst: its compile (once per judge) and one run per test. */
function checkerWorstCaseMs(
  language: CostLanguage | undefined,
  testCount: number,
  checkerTimeLimitMs: number | undefined,
): number {
  if (language === undefined) return 0;
  return (
    compileWallLimitMs(language) + testCount * checkerWallLimitMs(language, checkerTimeLimitMs)
  );
}

/**
 * The longest one submission can keep a judge worker busy: its compile limit plus every test
 * running into its wall-clock kill (and its checker's, if any). Box set-up and clean-up (tens of
 * ms each) come on top, so a job lease built from this needs its own margin.
 */
export function worstCaseJudgeMs({
  language,
  testCount,
  timeLimitMs,
  checkerLanguage,
  checkerTimeLimitMs,
}: JudgeCostInput): number {
  return (
    compileWallLimitMs(language) +
    testCount * perTestWallLimitMs(language, timeLimitMs) +
    checkerWorstCaseMs(checkerLanguage, testCount, checkerTimeLimitMs)
  );
}
