// Per language: a correct, a wrong, a slow, a crashing and a memory-hungry solution (and for Java
// one that does not compile) get the right verdict and score, on a sum-of-two-numbers challenge
// with weighted tests. Limits are generous against clearly endless programs: the machine is shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const tests = [
  { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
  { input: '40 2\n', expectedOutput: '42\n', hidden: true, weight: 3 },
];

const solutions: Record<
  JudgeLanguage,
  Record<'correct' | 'wrong' | 'slow' | 'crash' | 'memory', string>
> = {
  python: {
    correct: 'a, b = map(int, input().split())\nprint(a + b)\n',
    wrong: 'a, b = map(int, input().split())\nprint(a + b if a == 1 else 0)\n',
    slow: 'while True:\n    pass\n',
    crash: 'raise SystemExit(1 // 0)\n',
    memory: 'x = []\nwhile True:\n    x.append(bytearray(8 << 20))\n',
  },
  javascript: {
    correct:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
    wrong:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a === 1 ? a + b : 0);\n",
    slow: 'for (;;) {}\n',
    crash: 'null.x;\n',
    memory: 'const x = [];\nfor (;;) x.push(new Array(1 << 20).fill(1.5));\n',
  },
  java: {
    correct:
      'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextInt() + s.nextInt()); } }\n',
    wrong:
      'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); int x = s.nextInt(), y = s.nextInt(); System.out.println(x == 1 ? x + y : 0); } }\n',
    slow: 'public class Main { public static void main(String[] a) { long x = 0; while (true) x++; } }\n',
    crash:
      'public class Main { public static void main(String[] a) { int[] x = new int[1]; x[2] = 1; } }\n',
    memory:
      'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }\n',
  },
};

let judge: Judge;
beforeAll(() => {
  judge = newJudge();
});
afterAll(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

const request = (language: JudgeLanguage, code: string): JudgeRequest => ({
  language,
  code,
  tests,
  timeLimitMs: 1000,
  memoryLimitMb: 64,
  score: 100,
});

describe.each(['python', 'javascript', 'java'] as const)('%s', (language) => {
  const s = solutions[language];
  it('accepts a correct solution with the full score', async () => {
    const r = await judge.judge(request(language, s.correct));
    expect(r, JSON.stringify(r)).toMatchObject({
      verdict: 'Accepted',
      passed: 2,
      total: 2,
      score: 100,
    });
    expect(r.tests[0]?.stdout?.trim()).toBe('3');
    expect(r.tests[1]?.stdout).toBeUndefined(); // hidden
    expect(r.tests[0]?.memoryBytes).toBeGreaterThan(0);
  });
  it('gives Wrong Answer and a weighted partial score', async () => {
    const r = await judge.judge(request(language, s.wrong));
    expect(r.tests.map((t) => t.verdict)).toEqual(['Accepted', 'Wrong Answer']);
    expect(r).toMatchObject({ verdict: 'Wrong Answer', passed: 1, score: 25 });
  });
  it('gives Time Limit Exceeded to an endless loop', async () => {
    const r = await judge.judge({ ...request(language, s.slow), tests: tests.slice(0, 1) });
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Time Limit Exceeded', score: 0 });
  });
  it('gives Runtime Error to a crash', async () => {
    const r = await judge.judge({ ...request(language, s.crash), tests: tests.slice(0, 1) });
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Runtime Error', score: 0 });
  });
  it('gives Memory Limit Exceeded to a memory hog', async () => {
    const r = await judge.judge({ ...request(language, s.memory), tests: tests.slice(0, 1) });
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Memory Limit Exceeded', score: 0 });
  });
});

describe('java compilation', () => {
  it('gives Compilation Error with javac messages to code that does not compile', async () => {
    const r = await judge.judge(
      request('java', 'public class Main { void f() { int x = "no"; } }'),
    );
    expect(r.verdict).toBe('Compilation Error');
    expect(r.score).toBe(0);
    expect(r.compileOutput).toMatch(/incompatible types/u);
    expect(r.tests.every((t) => t.verdict === 'Compilation Error')).toBe(true);
  });
  it('runs a public class that is not called Main', async () => {
    const code = s2('Solution');
    const r = await judge.judge(request('java', code));
    expect(r.verdict).toBe('Accepted');
  });
});

function s2(name: string) {
  return solutions.java.correct.replace('class Main', `class ${name}`);
}

describe('runOnce (the Run button)', () => {
  it('returns stdout, stderr, time and memory for custom input', async () => {
    const r = await judge.runOnce({
      language: 'python',
      code: 'import sys\nprint(sum(map(int, sys.stdin.read().split())))\nprint("note", file=sys.stderr)\n',
      stdin: '5 6 7',
      timeLimitMs: 1000,
      memoryLimitMb: 64,
    });
    expect(r).toMatchObject({ verdict: 'Accepted', stdout: '18\n', stderr: 'note\n', exitCode: 0 });
    expect(r.timeMs).toBeGreaterThanOrEqual(0);
    expect(r.memoryBytes).toBeGreaterThan(0);
  });
  it('reports a compile error for Java', async () => {
    const r = await judge.runOnce({
      language: 'java',
      code: 'class',
      stdin: '',
      timeLimitMs: 1000,
      memoryLimitMb: 64,
    });
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toBeTruthy();
  });
});
