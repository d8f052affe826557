// A seccomp filter bwrap cannot load (a kernel without seccomp, a corrupt filter) stops the box
// before the program starts (issue 15 item 12): the readiness probe's test program finds it (the
// judge is not ready: /api/health says degraded), and a run that meets it later is the judge's
// failure (Internal Error, which the queue retries), never the student's Runtime Error.
import { afterEach, expect, it } from 'vitest';
import { Judge } from '../../src/server/judge/judge.ts';
import { seccompFilter } from '../../src/server/judge/seccomp.ts';
import { expectHostClean, testConfig } from './helpers.ts';

// One BPF instruction with an opcode the kernel rejects: bwrap reads it, prctl(PR_SET_SECCOMP)
// answers EINVAL inside the box.
const BROKEN = Buffer.from([0x99, 0x99, 0, 0, 0, 0, 0, 0]);

let judge: Judge;
afterEach(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

it('is not ready when its test program meets a filter the kernel refuses', async () => {
  judge = new Judge(testConfig(), null, () => Promise.resolve(BROKEN));
  const caps = await judge.capabilities();
  expect(caps.ready).toBe(false);
  expect(caps.problems.join('\n')).toMatch(
    /test program cannot start in the sandbox.*PR_SET_SECCOMP/u,
  );
});

it('reports a filter that breaks after the start as Internal Error, not Runtime Error', async () => {
  let broken = false;
  judge = new Judge(testConfig(), null, () => (broken ? Promise.resolve(BROKEN) : seccompFilter()));
  expect((await judge.capabilities()).ready).toBe(true);
  broken = true;
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
