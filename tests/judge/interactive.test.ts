// Interactive problems (issue 35 item 4) in real boxes: the interactor (the guess fixture's, a
// Kattis output validator run interactively) in a box of its own, joined to the submission by two
// pipes; "the first to fail decides"; a pair that waits on itself ends in Time Limit Exceeded; an
// interactor that fails is the judge's error, never the student's; and the two boxes share
// nothing but the pipes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const GUESS = path.resolve(import.meta.dirname, '../fixtures/problems/guess');
const read = (p: string) => fs.readFileSync(path.join(GUESS, p), 'utf8');
const interactor = read('output_validators/interactor/interactor.py');

const request = (
  language: JudgeLanguage,
  code: string,
  checkerSource = interactor,
  secrets = ['17', '1000'],
): JudgeRequest => ({
  language,
  code,
  tests: secrets.map((n, i) => ({
    input: `${n}\n`,
    expectedOutput: `${n}\n`,
    hidden: i > 0,
    weight: 1,
  })),
  score: 100,
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  compare: { mode: 'checker', language: 'python' },
  checkerSource,
  interactive: true,
});

describe('interactive problems', () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expect(await expectHostClean(testConfig())).toEqual([]);
  });

  it('accepts a program that finds the number, in Python and in C++', async () => {
    for (const [language, file] of [
      ['python', 'submissions/accepted/binary.py'],
      ['cpp', 'submissions/accepted/binary.cpp'],
    ] as const) {
      const r = await judge.judge(request(language, read(file)));
      expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', score: 100, passed: 2 });
    }
  });

  it('gives the interactor’s Wrong Answer, even when the program then dies of the closed pipe', async () => {
    const r = await judge.judge(request('python', read('submissions/wrong_answer/linear.py')));
    expect(r.tests.map((t) => t.verdict)).toEqual(['Wrong Answer', 'Wrong Answer']);
    expect(r.tests[1]?.judgeMessage).toBe('no correct guess in 10');
    const cpp = await judge.judge(request('cpp', read('submissions/wrong_answer/off_by_one.cpp')));
    expect(cpp.verdict).toBe('Wrong Answer');
  });

  it('keeps the program’s own crash when it came first, whatever the interactor says after it', async () => {
    const py = await judge.judge(request('python', read('submissions/run_time_error/crash.py')));
    expect(py.tests.map((t) => t.verdict)).toEqual(['Runtime Error', 'Runtime Error']);
    const cpp = await judge.judge(request('cpp', read('submissions/run_time_error/abort.cpp')));
    expect(cpp.verdict).toBe('Runtime Error');
  });

  it('never kills the interactor with SIGPIPE for writing to a program that has ended', async () => {
    // The interactor waits for the program's end (end of file), then writes to it: a broken pipe
    // (Python's BrokenPipeError, exit 1) would be a judge error for the program's fault.
    const writesAfterEnd = `import sys
sys.stdin.read()
for _ in range(2000):
    print('are you there?', flush=True)
open(sys.argv[3] + 'judgemessage.txt', 'w').write('no answer')
sys.exit(43)
`;
    const r = await judge.judge(request('python', 'pass\n', writesAfterEnd, ['1']));
    expect(r.tests.map((t) => [t.verdict, t.judgeMessage])).toEqual([
      ['Wrong Answer', 'no answer'],
    ]);
  });

  it('ends a pair that waits on itself (a program that never writes) as Time Limit Exceeded', async () => {
    // A short limit keeps the test fast: the wait ends at the wall-clock limit.
    const short = (req: JudgeRequest): JudgeRequest => ({ ...req, timeLimitMs: 300 });
    const r = await judge.judge(
      short(
        request('python', read('submissions/time_limit_exceeded/never_writes.py'), interactor, [
          '17',
        ]),
      ),
    );
    expect(r.verdict).toBe('Time Limit Exceeded');
    const spin = await judge.judge(
      short(request('cpp', read('submissions/time_limit_exceeded/spin.cpp'), interactor, ['17'])),
    );
    expect(spin.verdict).toBe('Time Limit Exceeded');
  });

  it('makes an interactor that crashes or answers neither 42 nor 43 a judge error', async () => {
    const good = read('submissions/accepted/binary.py');
    const crashing = await judge.judge(
      request('python', good, 'import sys\nsys.stdin.readline()\nraise RuntimeError("bug")\n'),
    );
    expect(crashing.verdict).toBe('Internal Error');
    expect(crashing.internalMessage).toContain('RuntimeError');
    const zero = await judge.judge(request('python', good, 'import sys\nsys.exit(0)\n'));
    expect(zero.verdict).toBe('Internal Error');
    expect(zero.checkerFailed).toBe(true);
  });

  it('runs the two in boxes that share nothing but the pipes: uid, /tmp and processes', async () => {
    // The program leaves a file in its /tmp and tells its uid and pid namespace; the interactor
    // accepts only if it has another uid, another /tmp and sees no process of the program.
    const program = `import os
open('/tmp/left-by-program', 'w').write('x')
print(os.getuid(), os.readlink('/proc/self/ns/pid'), len(os.listdir('/proc')), flush=True)
input()
`;
    const checker = `import os, sys
uid, ns, _ = sys.stdin.readline().split()
mine = os.readlink('/proc/self/ns/pid')
pids = [p for p in os.listdir('/proc') if p.isdigit()]
why = []
if int(uid) == os.getuid(): why.append('same uid %s' % uid)
if ns == mine: why.append('same pid namespace')
if os.path.exists('/tmp/left-by-program'): why.append('shared /tmp')
if any(open('/proc/%s/status' % p).read().find('Uid:\\t%s' % uid) >= 0 for p in pids): why.append('sees the program')
print('bye', flush=True)
open(sys.argv[3] + 'judgemessage.txt', 'w').write('; '.join(why))
sys.exit(43 if why else 42)
`;
    const r = await judge.judge(request('python', program, checker, ['1']));
    expect(r.tests[0]?.judgeMessage ?? '').toBe('');
    expect(r.verdict).toBe('Accepted');
  });
});
