// The launcher process (box-launcher.py) forks every box. If it dies, the run in flight ends as
// the judge's own fault, never as a hang or a student's verdict, and the next run starts a new one.
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

let judge: Judge;
afterEach(async () => {
  await judge.close();
  expect(await expectHostClean(testConfig())).toEqual([]);
});

/** This process's children running the launcher script (its warm forks are its own children). */
const launchers = (): number[] =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/u.test(p))
    .filter((p) => {
      try {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
        return ppid === process.pid && cmd.includes('box-launcher.py');
      } catch {
        return false;
      }
    })
    .map(Number);

const hello = { language: 'python' as const, stdin: '', timeLimitMs: 1000, memoryLimitMb: 64 };

it('reports a run whose launcher died as Internal Error and recovers', async () => {
  judge = newJudge();
  expect((await judge.runOnce({ ...hello, code: 'print("one")\n' })).stdout).toBe('one\n');
  const [pid] = launchers();
  expect(pid).toBeDefined();
  const inFlight = judge.runOnce({ ...hello, code: 'import time\ntime.sleep(30)\n' });
  // Kill the launcher once the box is (most likely) asleep; before that, its waiting process dies
  // with the launcher (PR_SET_PDEATHSIG), after that bwrap does (--die-with-parent): same verdict.
  await new Promise((r) => setTimeout(r, 300));
  process.kill(pid as number, 'SIGKILL');
  const r = await inFlight;
  expect(r.verdict, JSON.stringify(r)).toBe('Internal Error');
  expect((await judge.runOnce({ ...hello, code: 'print("two")\n' })).stdout).toBe('two\n');
});

it('starts every program with no signal ignored or blocked, whatever the launcher had', async () => {
  judge = newJudge();
  // /proc/self/status of the program itself: Python's own start sets SIGPIPE and SIGXFSZ to
  // ignored after exec, so read the masks before any of that, from a shell-free C program.
  const code = [
    '#include <stdio.h>',
    '#include <string.h>',
    'int main(void) {',
    '  FILE *f = fopen("/proc/self/status", "r");',
    '  char line[256];',
    '  while (fgets(line, sizeof line, f))',
    '    if (!strncmp(line, "SigIgn:", 7) || !strncmp(line, "SigBlk:", 7)) fputs(line, stdout);',
    '  return 0;',
    '}',
  ].join('\n');
  const r = await judge.runOnce({ ...hello, language: 'c', code });
  expect(r.stdout, JSON.stringify(r)).toBe(
    'SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n',
  );
});
