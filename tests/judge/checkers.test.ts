// Checker programs (issue 14 item 2) in real boxes: the Kattis output validator interface
// (`checker input answer feedback_dir`, the output on stdin, exit 42/43, score.txt and
// judgemessage.txt), a checker compiled once and kept, and a failing checker as a judge error,
// never the student's Wrong Answer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

/** Accepts within 0.01 of the answer; half the points within 1 (with a note); else rejects. */
const pythonChecker = `import sys
inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
expected = float(open(ans).read())
open(inp).read()
try:
    got = float(sys.stdin.read())
except ValueError:
    open(feedback + 'judgemessage.txt', 'w').write('not a number')
    sys.exit(43)
if abs(got - expected) <= 0.01:
    sys.exit(42)
if abs(got - expected) <= 1:
    open(feedback + 'score.txt', 'w').write('0.5')
    open(feedback + 'judgemessage.txt', 'w').write('off by %g' % abs(got - expected))
    sys.exit(42)
sys.exit(43)
`;

/** The same rule as a Kattis-style C++ validator, compiled with g++. */
const cppChecker = `#include <cmath>
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  std::ifstream ans(argv[2]);
  double expected, got;
  ans >> expected;
  std::string dir = argv[3];
  if (!(std::cin >> got)) { std::ofstream(dir + "judgemessage.txt") << "not a number"; return 43; }
  if (std::fabs(got - expected) <= 0.01) return 42;
  if (std::fabs(got - expected) <= 1) {
    std::ofstream(dir + "score.txt") << 0.5;
    std::ofstream(dir + "judgemessage.txt") << "off by " << std::fabs(got - expected);
    return 42;
  }
  return 43;
}
`;

const tests = [
  { input: '1 3\n', expectedOutput: '2\n', hidden: false, weight: 1 },
  { input: '10 20\n', expectedOutput: '15\n', hidden: true, weight: 3 },
];

/** Prints the mean of two numbers, plus `offset`. */
const mean = (offset: number) =>
  `a, b = map(int, input().split())\nprint((a + b) / 2 + ${offset})\n`;

const request = (
  code: string,
  checker: { language: 'python' | 'cpp'; source: string },
): JudgeRequest => ({
  language: 'python',
  code,
  tests,
  score: 100,
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  compare: { mode: 'checker', language: checker.language },
  checkerSource: checker.source,
});

describe('checker programs', () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expect(await expectHostClean(testConfig())).toEqual([]);
  });

  for (const [language, source] of [
    ['python', pythonChecker],
    ['cpp', cppChecker],
  ] as const) {
    it(`judges outputs with a ${language} checker: accepted, partial credit with its note, rejected`, async () => {
      const checker = { language, source };
      const right = await judge.judge(request(mean(0.001), checker));
      expect(right).toMatchObject({ verdict: 'Accepted', score: 100, passed: 2 });
      expect(right.tests.every((t) => t.fraction === undefined)).toBe(true);

      // Half the points on both tests: 0.5 x (1 + 3) of 4.
      const close = await judge.judge(request(mean(0.5), checker));
      expect(close).toMatchObject({ verdict: 'Accepted', score: 50, passed: 2 });
      expect(close.tests.map((t) => [t.fraction, t.judgeMessage])).toEqual([
        [0.5, 'off by 0.5'],
        [0.5, 'off by 0.5'],
      ]);

      const wrong = await judge.judge(request('print("many")\n', checker));
      expect(wrong).toMatchObject({ verdict: 'Wrong Answer', score: 0, passed: 0 });
      expect(wrong.tests[0]?.judgeMessage).toBe('not a number');
    });
  }

  it('compiles a checker once and keeps it for the next submissions and the next judge', async () => {
    const checker = { language: 'cpp' as const, source: `${cppChecker}// kept\n` };
    expect(await judge.checkChecker(checker.language, checker.source)).toBeNull();
    const root = path.join(testConfig().workDir, 'checkers');
    const dirs = fs.readdirSync(root).filter((d) => !d.startsWith('.'));
    const inodes = () => new Map(dirs.map((d) => [d, fs.statSync(path.join(root, d)).ino]));
    const before = inodes();
    expect((await judge.judge(request(mean(0), checker))).verdict).toBe('Accepted');
    const restarted = newJudge();
    try {
      expect((await restarted.judge(request(mean(0), checker))).verdict).toBe('Accepted');
    } finally {
      await restarted.close();
    }
    expect(inodes()).toEqual(before);
    // Root's, and no box can change it.
    for (const d of dirs) expect(fs.statSync(path.join(root, d)).uid).toBe(0);
  });

  it('does not run the checker on a program that failed, and never blames the student for it', async () => {
    const crashed = await judge.judge(
      request('raise SystemExit(1 // 0)\n', { language: 'python', source: pythonChecker }),
    );
    expect(crashed.verdict).toBe('Runtime Error');

    // A checker that exits with neither 42 nor 43: the judge's fault.
    const broken = await judge.judge(
      request(mean(0), { language: 'python', source: 'import sys\nsys.exit(1)\n' }),
    );
    expect(broken.verdict).toBe('Internal Error');
    expect(broken.internalMessage).toContain('the checker program exited with 1');

    const badScore = await judge.judge(
      request(mean(0), {
        language: 'python',
        source: "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('7')\nsys.exit(42)\n",
      }),
    );
    expect(badScore.verdict).toBe('Internal Error');
    expect(badScore.internalMessage).toContain('score.txt must hold a number from 0 to 1');
  });

  describe('a checker that loops, sleeps or forks', () => {
    const three = [
      { input: '1 3\n', expectedOutput: '2\n', hidden: false, weight: 1 },
      { input: '10 20\n', expectedOutput: '15\n', hidden: true, weight: 1 },
      { input: '4 6\n', expectedOutput: '5\n', hidden: true, weight: 1 },
    ];
    // Rejects the first test's output (the student's honest Wrong Answer), then misbehaves. Before
    // checkers had limits of their own, the looping one ran every test into 6 s (12.4 s here) and
    // the submission came out Wrong Answer, the first test's, for the student.
    const misbehaving = (how: string) => `import os, sys, time
if open(sys.argv[2]).read() == '2\\n':
    sys.exit(43)
${how}
`;
    const cases = [
      ['loops', 'while True:\n    pass'],
      ['sleeps', 'time.sleep(600)'],
      ['forks', 'while True:\n    try:\n        os.fork()\n    except OSError:\n        pass'],
    ] as const;
    for (const [what, how] of cases)
      it(`${what}: a judge error at its first failure, within its limits, never a Wrong Answer`, async () => {
        const started = performance.now();
        const r = await judge.judge({
          ...request(mean(1), { language: 'python', source: misbehaving(how) }),
          tests: three,
        });
        const seconds = (performance.now() - started) / 1000;
        console.log(`a checker that ${what}: the submission took ${seconds.toFixed(1)} s`);
        // The first test's Wrong Answer is the checker's; the second test's checker failed, so
        // the submission is the judge's error and the third test is not run.
        expect(r.tests.map((t) => t.verdict)).toEqual([
          'Wrong Answer',
          'Internal Error',
          'Skipped',
        ]);
        expect(r.verdict).toBe('Internal Error');
        expect(r.checkerFailed).toBe(true);
        expect(r.internalMessage).toMatch(
          /^the checker program took too long \(its limits: 2\.5 s of CPU, stopped after 3 s; 32 processes\)/u,
        );
      });
  });

  it('keeps a checker to the processes and memory CHECKER_PROCESSES and CHECKER_MEMORY_MB give', async () => {
    const limited = newJudge({ checkerProcesses: 4, checkerMemoryMb: 64 });
    try {
      const forks = `import os, sys
made = 0
try:
    for _ in range(16):
        if os.fork() == 0:
            os._exit(0)
        made += 1
except OSError:
    pass
open(sys.argv[3] + 'judgemessage.txt', 'w').write(str(made))
sys.exit(42)
`;
      const r = await limited.judge(request(mean(0), { language: 'python', source: forks }));
      expect(r.verdict).toBe('Accepted');
      // Children are reaped only at the end: at most 3 beside the checker itself.
      for (const t of r.tests) expect(Number(t.judgeMessage)).toBeLessThan(4);

      const hog = 'import sys\nx = bytearray(256 * 1024 * 1024)\nsys.exit(42)\n';
      const oom = await limited.judge(request(mean(0), { language: 'python', source: hog }));
      expect(oom.verdict).toBe('Internal Error');
      expect(oom.tests.map((t) => t.verdict)).toEqual(['Internal Error', 'Skipped']);
    } finally {
      await limited.close();
    }
  });

  it('refuses a checker that does not compile, with the compiler’s message', async () => {
    const source = 'int main() { return nope; }\n';
    const problem = await judge.checkChecker('cpp', source);
    expect(problem).toMatch(/^The checker program does not compile:\n[\s\S]*nope/u);
    const judged = await judge.judge(request(mean(0), { language: 'cpp', source }));
    expect(judged.verdict).toBe('Internal Error');
    expect(judged.internalMessage).toBe(problem);
  });

  it('gives the checker the test files read-only and nothing of the host', async () => {
    const source = `import os, sys
checks = [
    not os.access(sys.argv[1], os.W_OK),
    not os.access(sys.argv[2], os.W_OK),
    os.access(sys.argv[3], os.W_OK),
    not os.path.exists('/root'),
    open(sys.argv[2]).read() in ('2\\n', '15\\n'),
]
open(sys.argv[3] + 'judgemessage.txt', 'w').write(repr(checks))
sys.exit(42 if all(checks) else 43)
`;
    const r = await judge.judge(request(mean(0), { language: 'python', source }));
    expect(r.tests.map((t) => t.judgeMessage)).toEqual([
      '[True, True, True, True, True]',
      '[True, True, True, True, True]',
    ]);
    expect(r.verdict).toBe('Accepted');
  });
});
