/**
 * Turns how a run ended into a verdict, in a fixed order of precedence: the judge's own failures,
 * then output size, memory, time, crashes, and only then the answer itself. Kept apart from the
 * process code so the rules read (and are tested) on their own.
 */
import type { CompareRule } from '../../contract/compare-rule.ts';
import type { Verdict } from '../../contract/verdicts.ts';
import { outputMatchesRule } from './compare.ts';
import type { BoxRunResult } from './sandbox.ts';

export interface ClassifyLimits {
  timeLimitMs: number;
  heapExhausted: RegExp;
  /**
   * The challenge's memory limit in bytes, held against the box's measured peak; null for a
   * runtime that holds its own heap to the limit (Java's -Xmx, Node's old space), whose own
   * memory beyond that heap is the judge's slack (the box's cgroup allows for it), not the
   * student's.
   */
  memoryLimitBytes: number | null;
}

/** The verdict of a run before its output is compared (null: it ran fine and exited 0). */
export function failureVerdict(run: BoxRunResult, limits: ClassifyLimits): Verdict | null {
  if (run.setupError) return 'Internal Error';
  if (run.outputExceeded || run.signal === 'SIGXFSZ') return 'Output Limit Exceeded';
  const crashed = run.exitCode !== 0 || run.signal !== null;
  if (
    run.oomKilled ||
    (crashed && limits.heapExhausted.test(run.stderr)) ||
    overMemoryLimit(run, limits)
  )
    return 'Memory Limit Exceeded';
  if (run.wallTimedOut || run.signal === 'SIGXCPU' || (run.cpuMs ?? 0) > limits.timeLimitMs)
    return 'Time Limit Exceeded';
  if (crashed) return 'Runtime Error';
  return null;
}

/**
 * The box's cgroup allows the program more than its limit (the runtime's slack, and room to see an
 * overrun at all): a peak above the limit itself is the overrun, even when no kill came (issue 35:
 * a C++ program that peaked at 513.7 MiB under 512 MB was Accepted).
 */
function overMemoryLimit(run: BoxRunResult, limits: ClassifyLimits): boolean {
  return (
    limits.memoryLimitBytes !== null &&
    run.memoryPeakBytes !== null &&
    run.memoryPeakBytes > limits.memoryLimitBytes
  );
}

export function testVerdict(
  run: BoxRunResult,
  limits: ClassifyLimits,
  expectedOutput: string,
  /** The challenge's rule; absent: exact (compare.ts). */
  compare?: CompareRule,
): Verdict {
  return (
    failureVerdict(run, limits) ??
    (outputMatchesRule(run.stdout, expectedOutput, compare) ? 'Accepted' : 'Wrong Answer')
  );
}

/**
 * The time a run reports: its CPU time (wall time where CPU time cannot be measured), and for a
 * run stopped by the time limit, the limit itself. The sandbox lets a program run past the limit
 * by its language's start-up allowance (judge-cost.ts), so the measure of a stopped run read
 * "1.99 s" under a 1 s limit; the page says "over 1.00 s" and the stored time must agree.
 */
export function reportedTimeMs(run: BoxRunResult, verdict: Verdict, timeLimitMs: number): number {
  if (verdict === 'Time Limit Exceeded') return timeLimitMs;
  return Math.round(run.cpuMs ?? run.wallMs);
}
