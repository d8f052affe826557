// The output limit (issue 35, item 2): a challenge's own limit in MiB, or Kattis's and DOMjudge's
// 8 MiB without one; a program that writes past it gets Output Limit Exceeded, and one that writes
// just under it is judged on its answer. An endless writer is stopped by the limit, not the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const MiB = 1024 * 1024;

/** A program that writes `n` bytes: n - 1 letters x and a newline. */
const writing: Record<'c' | 'cpp' | 'java' | 'python', (n: number) => string> = {
  c: (n) =>
    `#include <stdio.h>\nint main(void) { for (long i = 0; i < ${n - 1}L; i++) putchar('x'); putchar('\\n'); return 0; }\n`,
  cpp: (n) =>
    `#include <iostream>\n#include <string>\nint main() { std::cout << std::string(${n - 1}, 'x') << '\\n'; }\n`,
  java: (n) =>
    `public class Main { public static void main(String[] a) { System.out.print("x".repeat(${n - 1}) + "\\n"); } }\n`,
  python: (n) => `import sys\nsys.stdout.write('x' * ${n - 1} + '\\n')\n`,
};

let judge: Judge;
beforeAll(() => {
  judge = newJudge();
});
afterAll(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

const request = (
  language: JudgeLanguage,
  code: string,
  expectedBytes: number,
  outputLimitMb?: number,
): JudgeRequest => ({
  language,
  code,
  tests: [
    {
      input: '',
      expectedOutput: `${'x'.repeat(expectedBytes - 1)}\n`,
      hidden: true,
      weight: 1,
    },
  ],
  timeLimitMs: 5000,
  memoryLimitMb: 256,
  score: 100,
  ...(outputLimitMb ? { outputLimitMb } : {}),
});

describe.each(['c', 'cpp', 'java', 'python'] as const)('%s under a 1 MiB limit', (language) => {
  it('gives Output Limit Exceeded to one byte past the limit', async () => {
    const n = MiB + 1;
    const r = await judge.judge(request(language, writing[language](n), n, 1));
    expect(r.verdict, JSON.stringify(r.tests)).toBe('Output Limit Exceeded');
  });
  it('judges an output of exactly the limit on its answer', async () => {
    const r = await judge.judge(request(language, writing[language](MiB), MiB, 1));
    expect(r.verdict, JSON.stringify(r.tests)).toBe('Accepted');
  });
});

describe('without a limit of its own', () => {
  it('accepts 3 MiB (8 MiB is the default) and stops an endless writer as Output Limit Exceeded', async () => {
    const n = 3 * MiB;
    expect((await judge.judge(request('python', writing.python(n), n))).verdict).toBe('Accepted');
    const endless = await judge.judge(
      request('c', '#include <stdio.h>\nint main(void) { for (;;) putchar(120); }\n', 10),
    );
    expect(endless.verdict).toBe('Output Limit Exceeded');
  });
});
