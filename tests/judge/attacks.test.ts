// The attack corpus (tests/judge/attacks/): one program per attack and language. Each must end in
// the expected verdict (programs that probe a wall print 'blocked' when it holds, so Accepted means
// the sandbox held) and leave the host untouched: no process of a box uid, no run cgroup, no file.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/contract/verdicts.ts';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage } from '../../src/server/judge/types.ts';
import { EXT, expectHostClean, newJudge, testConfig } from './helpers.ts';

const dir = path.join(import.meta.dirname, 'attacks');
const HELD: Verdict[] = ['Accepted'];
const STOPPED: Verdict[] = ['Runtime Error', 'Time Limit Exceeded', 'Memory Limit Exceeded'];

// attack → [languages, accepted verdicts, expected output when Accepted]
const attacks: Record<string, [JudgeLanguage[], Verdict[], string]> = {
  'fork-bomb': [['python', 'javascript', 'java', 'c'], STOPPED, ''],
  'thread-bomb': [['python', 'javascript', 'java'], STOPPED, ''],
  'memory-bomb': [['python', 'javascript', 'java'], ['Memory Limit Exceeded'], ''],
  'shm-flood': [['python', 'javascript'], [...HELD, 'Memory Limit Exceeded'], 'blocked'],
  'huge-file': [['python', 'javascript'], ['Output Limit Exceeded', 'Runtime Error'], ''],
  'output-flood': [['python', 'javascript', 'java', 'c'], ['Output Limit Exceeded'], ''],
  // console.log in a loop that never yields queues writes in memory once the pipe is full.
  'output-flood-console': [
    ['javascript'],
    ['Output Limit Exceeded', 'Memory Limit Exceeded', 'Time Limit Exceeded'],
    '',
  ],
  'infinite-loop': [['python', 'javascript', 'java'], ['Time Limit Exceeded'], ''],
  'sleep-forever': [['python', 'javascript'], ['Time Limit Exceeded'], ''],
  network: [['python', 'javascript', 'java', 'c'], HELD, 'blocked'],
  dns: [['python', 'javascript'], HELD, 'blocked'],
  'read-secrets': [['python', 'javascript', 'java', 'c'], HELD, 'blocked'],
  // The compile box sees no /etc and no /root: gcc finds neither file.
  'include-secrets': [['c'], ['Compilation Error'], ''],
  'write-outside': [['python', 'javascript'], HELD, 'blocked'],
  'symlink-escape': [['python'], HELD, 'blocked'],
  ptrace: [['python'], HELD, 'blocked'],
  mount: [['python'], HELD, 'blocked'],
  unshare: [['python'], HELD, 'blocked'],
  daemon: [['python', 'javascript'], HELD, 'done'],
  'kill-parent': [['python', 'javascript'], ['Accepted', 'Runtime Error'], 'alive'],
  'inherited-fds': [['python'], HELD, 'blocked'],
  'write-stdin': [['python'], HELD, 'blocked'],
  credentials: [['python'], HELD, 'blocked'],
};

const cases = Object.entries(attacks).flatMap(([name, [langs, verdicts, output]]) =>
  langs.map((language) => ({ name, language, verdicts, output })),
);

let judge: Judge;
const secret = `s3cret-${Math.random()}`;
beforeAll(() => {
  // The server's environment: a student program must never see it.
  process.env.JUDGE_TEST_SECRET = secret;
  process.env.NODE_OPTIONS_JUDGE_TEST_SECRET = secret;
});
afterEach(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

describe.each(cases)('$name ($language)', ({ name, language, verdicts, output }) => {
  it(`ends in ${verdicts.join(' or ')} and leaves the host untouched`, async () => {
    judge = newJudge();
    const code = fs.readFileSync(path.join(dir, `${name}.${EXT[language]}`), 'utf8');
    const r = await judge.judge({
      language,
      code,
      tests: [{ input: '', expectedOutput: output, hidden: false, weight: 1 }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      score: 10,
    });
    const t = r.tests[0];
    const detail = JSON.stringify({
      verdict: r.verdict,
      stdout: t?.stdout?.slice(0, 300),
      stderr: t?.stderr?.slice(0, 300),
      internal: r.internalMessage,
    });
    expect(verdicts, detail).toContain(r.verdict);
    expect(r.compileOutput ?? '', detail).not.toMatch(/root:|JUDGE_TEST_SECRET|s3cret/u);
    if (r.verdict === 'Accepted') expect(t?.stdout?.trim(), detail).toBe(output);
  });
});
