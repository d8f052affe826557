// Per language: a correct, a wrong, a slow, a crashing, a memory-hungry and a broken solution get
// the right verdict and score, on a sum-of-two-numbers challenge with weighted tests; a broken one
// is a Compilation Error with the compiler's message in every language (issue 14, item 4). Limits
// are generous against clearly endless programs: the machine is shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perTestWallLimitMs, worstCaseJudgeMs } from '../../src/contract/judge-cost.ts';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const tests = [
  { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
  { input: '40 2\n', expectedOutput: '42\n', hidden: true, weight: 3 },
];

const solutions: Record<
  JudgeLanguage,
  Record<'correct' | 'wrong' | 'slow' | 'crash' | 'memory' | 'broken', string>
> = {
  python: {
    correct: 'a, b = map(int, input().split())\nprint(a + b)\n',
    wrong: 'a, b = map(int, input().split())\nprint(a + b if a == 1 else 0)\n',
    slow: 'while True:\n    pass\n',
    crash: 'raise SystemExit(1 // 0)\n',
    memory: 'x = []\nwhile True:\n    x.append(bytearray(8 << 20))\n',
    broken: 'def f(:\n    pass\n',
  },
  javascript: {
    correct:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
    wrong:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a === 1 ? a + b : 0);\n",
    slow: 'for (;;) {}\n',
    crash: 'null.x;\n',
    memory: 'const x = [];\nfor (;;) x.push(new Array(1 << 20).fill(1.5));\n',
    broken: 'function (a {\n',
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
    broken: 'public class Main { void f() { int x = "no"; } }',
  },
  c: {
    correct:
      '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }\n',
    wrong:
      '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a == 1 ? a + b : 0); return 0; }\n',
    slow: 'int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n',
    // A null write: SIGSEGV.
    crash: 'int main(void) { volatile int *p = 0; *p = 1; return 0; }\n',
    // Kept in a global array, so the allocations cannot be optimised away.
    memory:
      '#include <stdlib.h>\n#include <string.h>\nchar *keep[4096];\nint main(void) { for (int i = 0; i < 4096; i++) { keep[i] = malloc(8 << 20); if (!keep[i]) return 3; memset(keep[i], 1, 8 << 20); } return 0; }\n',
    broken: 'int main(void) { return undeclared_name; }\n',
  },
  cpp: {
    correct:
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n',
    wrong:
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << (a == 1 ? a + b : 0) << std::endl; }\n',
    slow: 'int main() { volatile unsigned long x = 0; for (;;) x++; }\n',
    // An uncaught exception: std::terminate, then SIGABRT.
    crash: '#include <stdexcept>\nint main() { throw std::runtime_error("boom"); }\n',
    memory:
      '#include <vector>\nint main() { std::vector<std::vector<char>> v; for (;;) v.emplace_back(8 << 20, 1); }\n',
    broken: 'int main() { std::vector<int> v; return v.size(); }\n',
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

describe.each(['python', 'javascript', 'java', 'c', 'cpp'] as const)('%s', (language) => {
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
  it("gives Compilation Error with the compiler's message, and runs no test", async () => {
    const r = await judge.judge(request(language, s.broken));
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Compilation Error', score: 0 });
    expect(r.compileOutput).toMatch(compilerSays[language]);
    expect(r.tests.every((t) => t.verdict === 'Compilation Error' && t.timeMs === 0)).toBe(true);
  });
});

/** What each compiler's message for the broken solution says, as the student sees it. */
const compilerSays: Record<JudgeLanguage, RegExp> = {
  python: /File "\/code\/main\.py", line 1[\s\S]*SyntaxError/u,
  javascript: /\/code\/main\.js:1[\s\S]*SyntaxError/u,
  java: /Main\.java:1: error: incompatible types/u,
  c: /main\.c:1:\d+: error: .undeclared_name. undeclared/u,
  cpp: /main\.cpp:1:\d+: error: .vector. is not a member of .std./u,
};

describe('c and c++', () => {
  it('gives Runtime Error to abort() in C and to a segfault in C++', async () => {
    for (const [language, code] of [
      ['c', '#include <stdlib.h>\nint main(void) { abort(); }\n'],
      ['cpp', '#include <vector>\nint main() { std::vector<int> v; return v.at(5); }\n'],
      ['cpp', 'int main() { volatile int *p = nullptr; return *p; }\n'],
    ] as const) {
      const r = await judge.judge({ ...request(language, code), tests: tests.slice(0, 1) });
      expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Runtime Error', score: 0 });
    }
  });
  it('compiles C17 and C++17 with -O2 and links libm', async () => {
    const c =
      '#include <math.h>\n#include <stdio.h>\n#include <stdalign.h>\nint main(void) { alignas(16) double x; if (scanf("%lf", &x) != 1) return 1; printf("%.0f\\n", sqrt(x) + _Generic(x, double: 0)); return 0; }\n';
    const cpp =
      '#include <cmath>\n#include <cstdio>\n#include <optional>\nint main() { if constexpr (__cplusplus >= 201703L) { std::optional<double> x; double v; if (std::scanf("%lf", &v) != 1) return 1; x = v; std::printf("%.0f\\n", std::sqrt(*x)); } }\n';
    for (const [language, code] of [
      ['c', c],
      ['cpp', cpp],
    ] as const) {
      const r = await judge.runOnce({
        language,
        code,
        stdin: '81',
        timeLimitMs: 1000,
        memoryLimitMb: 64,
      });
      expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', stdout: '9\n' });
    }
  });
  it('lets the stack grow up to the memory limit, for deep recursion', async () => {
    // About 40 MB of stack: five times the default 8 MiB, within the 128 MB limit.
    const code =
      '#include <stdio.h>\nstatic long down(long n) { volatile char pad[64]; pad[0] = (char)n; return n == 0 ? 0 : down(n - 1) + (pad[0] != 0); }\nint main(void) { printf("%ld\\n", down(400000) > 0); return 0; }\n';
    const r = await judge.runOnce({
      language: 'c',
      code,
      stdin: '',
      timeLimitMs: 2000,
      memoryLimitMb: 128,
    });
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', stdout: '1\n' });
  });
  it('runs the binary in a box without /usr: no compiler, no shell, no other program', async () => {
    const code =
      '#include <stdio.h>\n#include <unistd.h>\nint main(void) { const char *p[] = {"/usr/bin/gcc", "/usr/lib/gcc", "/usr/bin/python3", "/bin/sh", "/usr/include/stdio.h"}; for (int i = 0; i < 5; i++) if (access(p[i], F_OK) == 0) { printf("found %s\\n", p[i]); return 0; } puts("blocked"); return 0; }\n';
    const r = await judge.runOnce({
      language: 'c',
      code,
      stdin: '',
      timeLimitMs: 1000,
      memoryLimitMb: 64,
    });
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', stdout: 'blocked\n' });
  });
});

describe('box priority', () => {
  it('runs boxes at the nice value of JUDGE_NICE, which the program cannot undo', async () => {
    const code =
      'import os\nprint(os.nice(0))\ntry:\n    os.nice(-5)\n    print("raised")\nexcept OSError:\n    print("kept")\n';
    const r = await judge.runOnce({
      language: 'python',
      code,
      stdin: '',
      timeLimitMs: 2000,
      memoryLimitMb: 128,
    });
    expect(r, JSON.stringify(r)).toMatchObject({
      verdict: 'Accepted',
      stdout: `${testConfig().boxNice}\nkept\n`,
    });
  });
});

describe('java compilation', () => {
  it('runs a public class that is not called Main', async () => {
    const code = s2('Solution');
    const r = await judge.judge(request('java', code));
    expect(r.verdict).toBe('Accepted');
  });
  it('runs a class that is not public, and main outside the public class', async () => {
    for (const code of [
      solutions.java.correct.replace('public class Main', 'class Program'),
      `${solutions.java.correct.replace('public class Main', 'final class Runner')}\npublic class Helper { static int one() { return 1; } }\n`,
    ]) {
      const r = await judge.judge(request('java', code));
      expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', score: 100 });
    }
  });
  it('runs a file with a package line by its qualified name', async () => {
    const code = `package edu.campus.week1;\n\n${solutions.java.correct.replace('class Main', 'class Sum')}`;
    const r = await judge.judge(request('java', code));
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', score: 100 });
  });
  it('gives Compilation Error to a file without main', async () => {
    const r = await judge.judge(
      request('java', 'public class Main { static int add(int a, int b) { return a + b; } }\n'),
    );
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Compilation Error', score: 0 });
    expect(r.compileOutput).toMatch(/public static void main\(String\[\] args\)/u);
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
  it.each(['java', 'python', 'cpp'] as const)(
    'reports a compile error for %s',
    async (language) => {
      const r = await judge.runOnce({
        language,
        code: solutions[language].broken,
        stdin: '',
        timeLimitMs: 1000,
        memoryLimitMb: 64,
      });
      expect(r.verdict).toBe('Compilation Error');
      expect(r.compileOutput).toMatch(compilerSays[language]);
    },
  );
});

describe('the cost bound (src/contract/judge-cost.ts)', () => {
  // A program that sleeps uses no CPU: only the wall-clock kill stops it, close to the limit.
  it.each([
    ['python', 'import time\ntime.sleep(60)\n'],
    ['javascript', 'setTimeout(() => {}, 60_000);\n'],
    ['c', '#include <unistd.h>\nint main(void) { sleep(60); return 0; }\n'],
  ] as const)(
    'stops a sleeping %s test at its wall limit, as Time Limit Exceeded',
    async (language, code) => {
      const timeLimitMs = 500;
      const started = performance.now();
      const r = await judge.judge({ ...request(language, code), timeLimitMs });
      const tookMs = performance.now() - started;
      expect(r.tests.map((t) => t.verdict)).toEqual(['Time Limit Exceeded', 'Time Limit Exceeded']);
      const wall = perTestWallLimitMs(language, timeLimitMs);
      for (const t of r.tests) {
        expect(t.wallMs).toBeGreaterThanOrEqual(wall - 5);
        expect(t.wallMs).toBeLessThan(wall + 1000); // killed promptly, even on a busy machine
      }
      // The whole submission stays within its worst case (plus box set-up and clean-up).
      expect(tookMs).toBeLessThan(
        worstCaseJudgeMs({ language, testCount: tests.length, timeLimitMs }) + 2000,
      );
    },
  );
});
