import { describe, expect, it } from 'vitest';
import {
  CHECKER_TIME_LIMIT_MS,
  COMPILE_LIMITS,
  STARTUP_ALLOWANCE_MS,
  SYNTAX_CHECK_LIMITS,
  WALL_MARGIN_MS,
  checkerWallLimitMs,
  compileWallLimitMs,
  perTestCpuLimitMs,
  perTestWallLimitMs,
  worstCaseJudgeMs,
} from './judge-cost.ts';

describe('the judge cost bound', () => {
  it('kills a test by the clock shortly after its CPU allowance, never at a multiple of it', () => {
    expect(perTestCpuLimitMs('python', 1000)).toBe(1000 + STARTUP_ALLOWANCE_MS.python);
    expect(perTestWallLimitMs('python', 1000)).toBe(1000 + 500 + WALL_MARGIN_MS);
    for (const limit of [100, 1000, 5000, 20_000])
      expect(perTestWallLimitMs('javascript', limit) - limit).toBe(
        STARTUP_ALLOWANCE_MS.javascript + WALL_MARGIN_MS,
      );
  });

  it('adds the compiler limit for Java, C and C++, the smaller syntax check for the others', () => {
    for (const language of ['java', 'c', 'cpp'] as const)
      expect(compileWallLimitMs(language)).toBe(COMPILE_LIMITS.wallMs);
    for (const language of ['python', 'javascript'] as const)
      expect(compileWallLimitMs(language)).toBe(SYNTAX_CHECK_LIMITS.wallMs);
    expect(SYNTAX_CHECK_LIMITS.wallMs).toBeLessThan(COMPILE_LIMITS.wallMs);
  });

  it('is the compile limit plus every test running into its wall-clock kill', () => {
    expect(worstCaseJudgeMs({ language: 'python', testCount: 12, timeLimitMs: 2000 })).toBe(
      SYNTAX_CHECK_LIMITS.wallMs + 12 * 3000,
    );
    expect(worstCaseJudgeMs({ language: 'java', testCount: 10, timeLimitMs: 1000 })).toBe(
      COMPILE_LIMITS.wallMs + 10 * (1000 + 2000 + 500),
    );
    expect(worstCaseJudgeMs({ language: 'cpp', testCount: 10, timeLimitMs: 1000 })).toBe(
      COMPILE_LIMITS.wallMs + 10 * (1000 + 200 + 500),
    );
    expect(worstCaseJudgeMs({ language: 'python', testCount: 0, timeLimitMs: 2000 })).toBe(
      SYNTAX_CHECK_LIMITS.wallMs,
    );
  });

  it("adds a checker's compile and its run after every test", () => {
    const without = worstCaseJudgeMs({ language: 'python', testCount: 10, timeLimitMs: 1000 });
    expect(
      worstCaseJudgeMs({
        language: 'python',
        testCount: 10,
        timeLimitMs: 1000,
        checkerLanguage: 'cpp',
      }),
    ).toBe(without + COMPILE_LIMITS.wallMs + 10 * perTestWallLimitMs('cpp', CHECKER_TIME_LIMIT_MS));
    // CHECKER_TIME_LIMIT_SECONDS set on the judge: the lease counts it as the judge kills by it.
    expect(
      worstCaseJudgeMs({
        language: 'python',
        testCount: 10,
        timeLimitMs: 1000,
        checkerLanguage: 'cpp',
        checkerTimeLimitMs: 5000,
      }),
    ).toBe(
      without + COMPILE_LIMITS.wallMs + 10 * (5000 + STARTUP_ALLOWANCE_MS.cpp + WALL_MARGIN_MS),
    );
    // A checker's run is killed within a few seconds: far below the 5.7-7.5 s it had a test.
    for (const language of ['python', 'javascript', 'java', 'c', 'cpp'] as const)
      expect(checkerWallLimitMs(language)).toBeLessThanOrEqual(4500);
  });

  it('grows linearly with the tests and the time limit', () => {
    const base = { language: 'javascript' as const, testCount: 5, timeLimitMs: 1000 };
    const tests = (o: typeof base) => worstCaseJudgeMs(o) - compileWallLimitMs(o.language);
    expect(tests({ ...base, testCount: 10 })).toBe(2 * tests(base));
    expect(worstCaseJudgeMs({ ...base, timeLimitMs: 2000 }) - worstCaseJudgeMs(base)).toBe(
      5 * 1000,
    );
  });
});
