// The memory limit is exact (issue 35, item 1): a program whose peak is above the challenge's limit
// gets Memory Limit Exceeded in every language, even when the box's cgroup (the limit plus the
// runtime's slack) let it run to its end; one a little under the limit is Accepted. Java holds its
// own heap to the limit (-Xmx), so its edges are the heap's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const LIMIT_MB = 64;

/** A program that touches `mib` MiB and keeps it until it prints "ok". */
const touching: Record<'c' | 'cpp' | 'java' | 'python', (mib: number) => string> = {
  c: (mib) =>
    `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nchar *keep;\nint main(void) { size_t n = (size_t)${mib} << 20; keep = malloc(n); if (!keep) return 3; memset(keep, 1, n); printf("ok %d\\n", keep[n - 1]); return 0; }\n`,
  cpp: (mib) =>
    `#include <iostream>\n#include <vector>\nint main() { std::vector<char> v((size_t)${mib} << 20, 1); std::cout << "ok " << int(v.back()) << std::endl; }\n`,
  java: (mib) =>
    `public class Main { public static void main(String[] a) { byte[] b = new byte[${mib} << 20]; java.util.Arrays.fill(b, (byte) 1); System.out.println("ok " + b[b.length - 1]); } }\n`,
  python: (mib) => `b = bytearray(b'\\x01') * (${mib} << 20)\nprint('ok', b[-1])\n`,
};

/** Just over the limit (as the 513.7 MiB under 512 MB of the issue), and comfortably under it. */
const edges: Record<keyof typeof touching, { over: number; under: number }> = {
  c: { over: LIMIT_MB + 2, under: LIMIT_MB - 8 },
  cpp: { over: LIMIT_MB + 2, under: LIMIT_MB - 8 },
  // A serial-collected 64 MiB heap holds one array of about two thirds of it.
  java: { over: LIMIT_MB + 2, under: 24 },
  python: { over: LIMIT_MB + 2, under: LIMIT_MB - 12 },
};

let judge: Judge;
beforeAll(() => {
  judge = newJudge();
});
afterAll(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

const judgeOnce = (language: JudgeLanguage, code: string) =>
  judge.judge({
    language,
    code,
    tests: [{ input: '', expectedOutput: 'ok 1\n', hidden: false, weight: 1 }],
    timeLimitMs: 2000,
    memoryLimitMb: LIMIT_MB,
    score: 100,
  });

describe.each(['c', 'cpp', 'java', 'python'] as const)('%s', (language) => {
  it('gives Memory Limit Exceeded to a peak just above the limit', async () => {
    const r = await judgeOnce(language, touching[language](edges[language].over));
    expect(r.verdict, JSON.stringify(r.tests)).toBe('Memory Limit Exceeded');
  });
  it('accepts a program under the limit, and its peak is within the limit', async () => {
    const r = await judgeOnce(language, touching[language](edges[language].under));
    expect(r.verdict, JSON.stringify(r.tests)).toBe('Accepted');
    if (language !== 'java') expect(r.tests[0]?.memoryBytes).toBeLessThanOrEqual(LIMIT_MB << 20);
  });
});
