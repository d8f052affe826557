import { describe, expect, it } from 'vitest';
import {
  CHECKER_MEMORY_LIMIT_MB,
  CHECKER_PROCESSES,
  CHECKER_TIME_LIMIT_MS,
} from '../../contract/judge-cost.ts';
import { judgeConfigFromEnv } from './config.ts';

describe("the judge's settings", () => {
  it("gives checkers limits of their own: the contract's by default, the environment's if set", () => {
    expect(judgeConfigFromEnv({})).toMatchObject({
      checkerTimeLimitMs: CHECKER_TIME_LIMIT_MS,
      checkerMemoryMb: CHECKER_MEMORY_LIMIT_MB,
      checkerProcesses: CHECKER_PROCESSES,
    });
    expect(
      judgeConfigFromEnv({
        CHECKER_TIME_LIMIT_SECONDS: '5',
        CHECKER_MEMORY_MB: '1024',
        CHECKER_PROCESSES: '8',
      }),
    ).toMatchObject({ checkerTimeLimitMs: 5000, checkerMemoryMb: 1024, checkerProcesses: 8 });
    // A checker is far cheaper than a program's 64 processes and 5 s of CPU it had before.
    expect(CHECKER_PROCESSES).toBeLessThan(judgeConfigFromEnv({}).maxProcesses);
    expect(CHECKER_TIME_LIMIT_MS).toBeLessThan(5000);
    for (const bad of ['0', '1.5', '61', 'two'])
      expect(() => judgeConfigFromEnv({ CHECKER_TIME_LIMIT_SECONDS: bad })).toThrow(/integer/u);
  });

  it("keeps every test's output by default; JUDGE_KEEP_OUTPUT narrows it or refuses a typo", () => {
    expect(judgeConfigFromEnv({}).keepOutput).toBe('all');
    expect(judgeConfigFromEnv({ JUDGE_KEEP_OUTPUT: ' failed ' }).keepOutput).toBe('failed');
    expect(judgeConfigFromEnv({ JUDGE_KEEP_OUTPUT: 'none' }).keepOutput).toBe('none');
    expect(() => judgeConfigFromEnv({ JUDGE_KEEP_OUTPUT: 'some' })).toThrow(/JUDGE_KEEP_OUTPUT/u);
  });
});
