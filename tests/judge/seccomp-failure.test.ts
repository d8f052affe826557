// A seccomp filter bwrap cannot load (a kernel without seccomp, a corrupt filter) stops the box
// before the program starts: that is the judge's failure (Internal Error, which the queue
// retries), never the student's Runtime Error (issue 15 item 12).
import { afterEach, expect, it } from 'vitest';
import { Judge } from '../../src/server/judge/judge.ts';
import { expectHostClean, testConfig } from './helpers.ts';

// One BPF instruction with an opcode the kernel rejects: bwrap reads it, prctl(PR_SET_SECCOMP)
// answers EINVAL inside the box.
const brokenFilter = () => Promise.resolve(Buffer.from([0x99, 0x99, 0, 0, 0, 0, 0, 0]));

let judge: Judge;
afterEach(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

it('reports a seccomp set-up failure as Internal Error, not Runtime Error', async () => {
  judge = new Judge(testConfig(), null, brokenFilter);
  const run = await judge.runOnce({
    language: 'python',
    code: 'print("hi")\n',
    stdin: '',
    timeLimitMs: 1000,
    memoryLimitMb: 64,
  });
  expect(run.verdict, JSON.stringify(run)).toBe('Internal Error');
  const judged = await judge.judge({
    language: 'python',
    code: 'print(input())\n',
    tests: [{ input: '1\n', expectedOutput: '1\n', hidden: false, weight: 1 }],
    timeLimitMs: 1000,
    memoryLimitMb: 64,
    score: 100,
  });
  expect(judged.verdict).toBe('Internal Error');
  expect(judged.internalMessage).toMatch(/PR_SET_SECCOMP/u);
});
