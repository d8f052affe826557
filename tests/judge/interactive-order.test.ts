// Who ended first in an interactive pair, on a loaded machine (issue 35 item 4). A program that
// crashes makes the interactor read end of file and reject: the two ends come milliseconds apart,
// and a busy machine used to report them to Node in either order (the self-check disagreed on a
// run_time_error submission on CI). The order now comes from the launcher, which reaps both boxes
// and lets neither notice the other's end before that end is recorded (box-launcher.py), so the
// verdict must be the same however the machine schedules the boxes. The test makes the machine
// busy itself (processes that spin on both cores) and judges the crashing programs many times at
// once, with the guess fixture's interactor, which rejects at end of file without waiting.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const GUESS = path.resolve(import.meta.dirname, '../fixtures/problems/guess');
const read = (p: string) => fs.readFileSync(path.join(GUESS, p), 'utf8');
const interactor = read('output_validators/interactor/interactor.py');

/** Tests per judged submission and submissions judged at once: 48 crashes in all. */
const TESTS = 4;
const AT_ONCE = 6;

const request = (language: JudgeLanguage, code: string): JudgeRequest => ({
  language,
  code,
  tests: Array.from({ length: TESTS }, (_, i) => ({
    input: `${300 + i}\n`,
    expectedOutput: `${300 + i}\n`,
    hidden: true,
    weight: 1,
  })),
  score: 100,
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  compare: { mode: 'checker', language: 'python' },
  checkerSource: interactor,
  interactive: true,
});

describe('the order of an interactive pair’s ends on a busy machine', () => {
  let judge: Judge;
  const hogs: ChildProcess[] = [];
  beforeAll(() => {
    judge = newJudge({ concurrency: AT_ONCE });
    // One spinning process per core and one more, at the boxes' own priority (a higher one would
    // starve them past their wall-clock limits): the boxes wait for a core, as on an exam's busy
    // machine. Each stops by itself after two minutes, should this process die before killing it.
    const nice = String(testConfig().boxNice);
    const spin = 'import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end: pass';
    for (let i = 0; i <= os.availableParallelism(); i++)
      hogs.push(
        spawn('/usr/bin/nice', ['-n', nice, '/usr/bin/python3', '-I', '-S', '-c', spin], {
          stdio: 'ignore',
        }),
      );
  });
  afterAll(async () => {
    for (const hog of hogs) if (hog.pid) process.kill(hog.pid, 'SIGKILL');
    await judge.close();
    expect(await expectHostClean(testConfig())).toEqual([]);
  });

  it('judges a program that crashed before the interactor rejected as a Runtime Error, every time', async () => {
    const judged = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        i % 2 === 0
          ? judge.judge(request('python', read('submissions/run_time_error/crash.py')))
          : judge.judge(request('cpp', read('submissions/run_time_error/abort.cpp'))),
      ),
    );
    for (const r of judged)
      expect(
        r.tests.map((t) => t.verdict),
        JSON.stringify(r),
      ).toEqual(Array.from({ length: TESTS }, () => 'Runtime Error'));
  });

  it('judges a program the interactor rejected first as Wrong Answer, though it then crashes', async () => {
    // linear.py reads on after the interactor's last answer and dies of end of file (an exit
    // code, as crash.py's): here the interactor ended first.
    const judged = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        judge.judge(request('python', read('submissions/wrong_answer/linear.py'))),
      ),
    );
    for (const r of judged)
      expect(
        r.tests.map((t) => t.verdict),
        JSON.stringify(r.tests.map((t) => t.judgeMessage)),
      ).toEqual(Array.from({ length: TESTS }, () => 'Wrong Answer'));
  });
});
