/**
 * Shared by the judge's tests: a judge per test with small limits, and the host check every attack
 * test ends with (no process of a box uid, no run cgroup, no file left behind).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Judge } from '../../src/server/judge/judge.ts';
import { judgeConfigFromEnv, type JudgeConfig } from '../../src/server/judge/config.ts';
import { detectCgroups } from '../../src/server/judge/cgroup.ts';
import type { JudgeLanguage } from '../../src/contract/verdicts.ts';
import { usePrivateUmask } from '../../src/server/storage/private-data-dir.ts';

// The server and the workers run with umask 077: the judge's own chmods must give its boxes what
// they need, so the attack corpus runs under the same umask.
usePrivateUmask();

export const EXT: Record<JudgeLanguage, string> = {
  python: 'py',
  javascript: 'js',
  java: 'java',
  c: 'c',
  cpp: 'cpp',
};

export function testConfig(overrides: Partial<JudgeConfig> = {}): JudgeConfig {
  return judgeConfigFromEnv(
    { JUDGE_SANDBOX: process.env.JUDGE_SANDBOX ?? 'bwrap' },
    {
      concurrency: 1,
      uidBase: 62000,
      uidCount: 64,
      workDir: '/tmp/campus-judge-test',
      ...overrides,
    },
  );
}

export const newJudge = (overrides: Partial<JudgeConfig> = {}) => new Judge(testConfig(overrides));

const uidsOf = (pid: string): number[] | null => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/mu.test(status)) return null; // a zombie runs nothing (see uid-pool.ts)
    return (/^Uid:\s+(.*)$/mu.exec(status)?.[1] ?? '').split(/\s+/u).map(Number);
  } catch {
    return null;
  }
};

/** Everything a box could have left on the host; empty when the host is untouched. */
export function hostLeftovers(config: JudgeConfig): string[] {
  const inRange = (uid: number) => uid >= config.uidBase && uid < config.uidBase + config.uidCount;
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/u.test(p))) {
    const uids = uidsOf(pid);
    if (uids?.some(inRange)) found.push(`process ${pid} of uid ${uids.join('/')}`);
  }
  for (const dir of Object.values(detectCgroups().dirs)) {
    for (const name of fs.readdirSync(dir))
      if (name.startsWith(`judge-${process.pid}-`)) found.push(`cgroup ${dir}/${name}`);
  }
  if (fs.existsSync(config.workDir)) {
    for (const name of fs.readdirSync(config.workDir))
      // uids: the locks; checkers: teachers' compiled checkers, kept on purpose (root's, 0755);
      // testdata: local copies of stored test files (root only).
      if (name !== 'uids' && name !== 'checkers' && name !== 'testdata')
        found.push(`${config.workDir}/${name}`);
    const locks = path.join(config.workDir, 'uids');
    if (fs.existsSync(locks))
      for (const name of fs.readdirSync(locks))
        if (fs.readFileSync(path.join(locks, name), 'utf8') === String(process.pid))
          found.push(`uid lock ${name}`);
  }
  for (const dir of ['/tmp', '/var/tmp', '/dev/shm', '/', '/root']) {
    for (const name of fs.readdirSync(dir)) {
      try {
        const st = fs.lstatSync(path.join(dir, name));
        if (inRange(st.uid) || name.includes('judge-escape'))
          found.push(`file ${path.join(dir, name)}`);
      } catch {
        // vanished meanwhile
      }
    }
  }
  return found;
}

/** Waits a little for the kernel to reap a killed box before looking (never needed in practice). */
export async function expectHostClean(config: JudgeConfig): Promise<string[]> {
  let left = hostLeftovers(config);
  for (let i = 0; i < 60 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    left = hostLeftovers(config);
  }
  return left;
}
