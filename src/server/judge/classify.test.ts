import { describe, expect, it } from 'vitest';
import { failureVerdict, reportedTimeMs } from './classify.ts';
import type { BoxRunResult } from './sandbox.ts';

const run = (over: Partial<BoxRunResult>): BoxRunResult => ({
  exitCode: 0,
  signal: null,
  stdout: '',
  stderr: '',
  captured: { stdout: { text: '', cut: false }, stderr: { text: '', cut: false } },
  outputExceeded: false,
  wallTimedOut: false,
  wallMs: 40,
  cpuMs: 30,
  memoryPeakBytes: null,
  oomKilled: false,
  setupError: null,
  contained: true,
  endOrder: null,
  ...over,
});
const limits = { timeLimitMs: 1000, heapExhausted: /OutOfMemoryError/, memoryLimitBytes: null };
const MiB = 1024 * 1024;

describe('reportedTimeMs', () => {
  it('reports the measured CPU time of a run within the limit', () => {
    expect(reportedTimeMs(run({ cpuMs: 412.6 }), 'Accepted', 1000)).toBe(413);
    expect(reportedTimeMs(run({ cpuMs: null, wallMs: 87.2 }), 'Wrong Answer', 1000)).toBe(87);
  });

  it('reports the limit, never the time above it, for a run stopped at the limit (issue 30)', () => {
    // A 1 s limit read "1.99 s": the sandbox's CPU limit adds the language's start-up allowance.
    const overCpu = run({ cpuMs: 1990, signal: 'SIGXCPU', exitCode: null });
    expect(failureVerdict(overCpu, limits)).toBe('Time Limit Exceeded');
    expect(reportedTimeMs(overCpu, 'Time Limit Exceeded', 1000)).toBe(1000);
    // A program that sleeps is stopped by the wall clock with little CPU time used.
    const asleep = run({ cpuMs: 4, wallMs: 3100, wallTimedOut: true, exitCode: null });
    expect(failureVerdict(asleep, limits)).toBe('Time Limit Exceeded');
    expect(reportedTimeMs(asleep, 'Time Limit Exceeded', 1000)).toBe(1000);
  });
});

describe('failureVerdict and the memory limit (issue 35)', () => {
  const exact = { ...limits, memoryLimitBytes: 512 * MiB };
  it('gives Memory Limit Exceeded to a peak above the limit that no kill stopped', () => {
    // The box's cgroup allows the runtime's slack on top: 513.7 MiB ran to its end.
    expect(failureVerdict(run({ memoryPeakBytes: 513.7 * MiB }), exact)).toBe(
      'Memory Limit Exceeded',
    );
  });
  it('accepts a peak at the limit itself, or one that was not measured', () => {
    expect(failureVerdict(run({ memoryPeakBytes: 512 * MiB }), exact)).toBeNull();
    expect(failureVerdict(run({ memoryPeakBytes: null }), exact)).toBeNull();
  });
  it('leaves a runtime that holds its own heap to the limit to its own signs', () => {
    expect(failureVerdict(run({ memoryPeakBytes: 540 * MiB }), limits)).toBeNull();
    const oom = run({ exitCode: 1, stderr: 'java.lang.OutOfMemoryError: Java heap space' });
    expect(failureVerdict(oom, limits)).toBe('Memory Limit Exceeded');
  });
  it('puts the output limit first, and the memory limit before time and crashes', () => {
    const over = { memoryPeakBytes: 600 * MiB };
    expect(failureVerdict(run({ ...over, outputExceeded: true }), exact)).toBe(
      'Output Limit Exceeded',
    );
    expect(failureVerdict(run({ ...over, signal: 'SIGXCPU', exitCode: null }), exact)).toBe(
      'Memory Limit Exceeded',
    );
  });
});
