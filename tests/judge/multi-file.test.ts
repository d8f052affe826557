// Submissions of several files (issue 35 item 6) in real boxes, each test in a fresh box: C and
// C++ compile every source together, Java compiles every class and runs the one holding main,
// Python runs its entry file beside the modules it imports. And a checker program's extra
// arguments (Kattis's validator_flags, DOMjudge's special_compare_args), passed after
// `input judge_answer feedback_dir/`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeRequest, SourceFiles } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const tests = [
  { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
  { input: '20 22\n', expectedOutput: '42\n', hidden: true, weight: 1 },
];

const request = (
  language: JudgeRequest['language'],
  sources: SourceFiles,
  more: Partial<JudgeRequest> = {},
): JudgeRequest => ({
  language,
  code: '',
  sources,
  tests,
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  score: 100,
  ...more,
});

const file = (name: string, content: string) => ({ name, content });

const cppSources: SourceFiles = {
  entry: 'main.cpp',
  files: [
    file('add.h', 'long long add(long long a, long long b);\n'),
    file(
      'add.cpp',
      '#include "add.h"\nlong long add(long long a, long long b) { return a + b; }\n',
    ),
    file(
      'main.cpp',
      '#include <cstdio>\n#include "add.h"\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); }\n',
    ),
  ],
};

const cSources: SourceFiles = {
  entry: 'main.c',
  files: [
    file('add.c', 'long add(long a, long b) { return a + b; }\n'),
    file(
      'main.c',
      '#include <stdio.h>\nlong add(long a, long b);\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", add(a, b)); return 0; }\n',
    ),
  ],
};

const javaSources = (adderBody: string): SourceFiles => ({
  entry: 'Sum.java',
  files: [
    file('Adder.java', `class Adder {\n  static long add(long a, long b) { ${adderBody} }\n}\n`),
    file(
      'Sum.java',
      'import java.util.Scanner;\npublic class Sum {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(Adder.add(in.nextLong(), in.nextLong()));\n  }\n}\n',
    ),
  ],
});

const pythonSources = (helper: string): SourceFiles => ({
  entry: 'sum.py',
  files: [
    file('helper.py', helper),
    file('sum.py', 'from helper import add\na, b = map(int, input().split())\nprint(add(a, b))\n'),
  ],
});

/** Accepts an answer within the tolerance given as `tolerance <x>` after the three paths (else exact). */
const toleranceChecker = `import sys
ans = float(open(sys.argv[2]).read())
extra = sys.argv[4:]
tolerance = float(extra[extra.index('tolerance') + 1]) if 'tolerance' in extra else 0.0
got = float(sys.stdin.read())
sys.exit(42 if abs(got - ans) <= tolerance else 43)
`;

describe('submissions of several files', () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expectHostClean(testConfig());
  });

  it('compiles every C and C++ source together, headers beside them', async () => {
    expect((await judge.judge(request('cpp', cppSources))).verdict).toBe('Accepted');
    expect((await judge.judge(request('c', cSources))).verdict).toBe('Accepted');
    // A definition missing from the files is the linker's error, so a Compilation Error.
    const alone = { entry: 'main.c', files: cSources.files.filter((f) => f.name === 'main.c') };
    const r = await judge.judge(request('c', alone));
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toMatch(/undefined reference to `add'/u);
  });

  it('compiles every Java class and runs the one holding main', async () => {
    expect((await judge.judge(request('java', javaSources('return a + b;')))).verdict).toBe(
      'Accepted',
    );
    expect((await judge.judge(request('java', javaSources('return a - b;')))).verdict).toBe(
      'Wrong Answer',
    );
  });

  it("runs Python's entry file with the modules beside it importable", async () => {
    const right = pythonSources('def add(a, b):\n    return a + b\n');
    expect((await judge.judge(request('python', right))).verdict).toBe('Accepted');
    const wrong = pythonSources('def add(a, b):\n    return a * b\n');
    expect((await judge.judge(request('python', wrong))).verdict).toBe('Wrong Answer');
    // Every module is syntax-checked, not only the entry.
    const broken = pythonSources('def add(a, b)\n    return a + b\n');
    const r = await judge.judge(request('python', broken));
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toContain('helper.py');
  });

  it('refuses file names a code folder cannot hold, before any box', async () => {
    const r = await judge.judge(
      request('python', { entry: 'a.py', files: [file('a.py', ''), file('../b.py', '')] }),
    );
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toContain('"../b.py"');
  });
});

describe("a checker program's extra arguments", () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expectHostClean(testConfig());
  });

  const nearly = (args?: string[]): JudgeRequest => ({
    language: 'python',
    // 0.05 off every answer: only a tolerance of 0.1 accepts it.
    code: 'a, b = map(int, input().split())\nprint(a + b + 0.05)\n',
    tests,
    timeLimitMs: 2000,
    memoryLimitMb: 256,
    score: 100,
    compare: { mode: 'checker', language: 'python' },
    checkerSource: toleranceChecker,
    ...(args ? { checkerArgs: args } : {}),
  });

  it('come after input, answer and feedback folder, and change what the checker accepts', async () => {
    expect((await judge.judge(nearly())).verdict).toBe('Wrong Answer');
    expect((await judge.judge(nearly(['tolerance', '0.1']))).verdict).toBe('Accepted');
    expect((await judge.judge(nearly(['tolerance', '0.01']))).verdict).toBe('Wrong Answer');
  });
});
