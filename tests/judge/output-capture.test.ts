// What the judge keeps of each test's run for staff (issue 34 item 1): the first 64 KiB of stdout
// and of stderr, hidden tests included, marked when cut, also when the program ran into the output
// limit; with JUDGE_KEEP_OUTPUT=failed only the tests that were not Accepted, with none nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTURE_BYTES } from '../../src/server/judge/captured-output.ts';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

/** Echoes a short input; on input "loud" writes 100 KiB to stdout and to stderr. */
const CODE = `import sys
s = sys.stdin.read().strip()
if s == 'loud':
    sys.stdout.write('o' * 102400)
    sys.stderr.write('e' * 102400)
else:
    print(s)
    sys.stderr.write('note\\n')
`;

const request = (outputLimitMb?: number): JudgeRequest => ({
  language: 'python',
  code: CODE,
  tests: [
    { input: 'quiet\n', expectedOutput: 'quiet\n', hidden: false, weight: 1 },
    { input: 'loud\n', expectedOutput: 'quiet\n', hidden: true, weight: 1 },
  ],
  timeLimitMs: 5000,
  memoryLimitMb: 256,
  score: 100,
  ...(outputLimitMb ? { outputLimitMb } : {}),
});

const judges: Judge[] = [];
const judgeWith = (keepOutput: 'all' | 'failed' | 'none') => {
  const judge = newJudge({ keepOutput });
  judges.push(judge);
  return judge;
};
afterAll(async () => {
  for (const judge of judges) await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

describe('output capture', () => {
  it('keeps 64 KiB of each stream of every test, hidden too, and marks the cut', async () => {
    const r = await judgeWith('all').judge(request());
    expect(r.tests.map((t) => t.verdict)).toEqual(['Accepted', 'Wrong Answer']);
    expect(r.tests[0]?.output).toEqual({
      stdout: { text: 'quiet\n', cut: false },
      stderr: { text: 'note\n', cut: false },
    });
    expect(r.tests[1]?.output).toEqual({
      stdout: { text: 'o'.repeat(CAPTURE_BYTES), cut: true },
      stderr: { text: 'e'.repeat(CAPTURE_BYTES), cut: true },
    });
  });

  it('keeps the start of an output that ran into the output limit, marked as cut', async () => {
    const big = request(1);
    big.code = "import sys\nsys.stdout.write('z' * (3 * 1024 * 1024))\n";
    const r = await judgeWith('all').judge(big);
    expect(r.tests[0]?.verdict).toBe('Output Limit Exceeded');
    expect(r.tests[0]?.output?.stdout).toEqual({ text: 'z'.repeat(CAPTURE_BYTES), cut: true });
  });

  it('keeps only failed tests with keepOutput failed, and nothing with none', async () => {
    const failed = await judgeWith('failed').judge(request());
    expect(failed.tests.map((t) => t.output !== undefined)).toEqual([false, true]);
    const none = await judgeWith('none').judge(request());
    expect(none.tests.map((t) => t.output)).toEqual([undefined, undefined]);
    // The student's sample output is kept as before, whatever is kept for staff.
    expect(none.tests[0]?.stdout).toBe('quiet\n');
  });
});
