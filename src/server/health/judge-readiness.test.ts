/**
 * The log says plainly, at start and at every change, whether the judge can run code and why not
 * (issue 15 item 11); a probe that answers the same as before logs nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { JudgeCapabilities } from '../judge/index.ts';
import { watchJudgeReadiness } from './judge-readiness.ts';

const caps = (ready: boolean): JudgeCapabilities => ({
  sandbox: 'bwrap',
  cgroups: 'v2',
  ready,
  degraded: false,
  languages: { javascript: true, python: true, java: true, c: true, cpp: true },
  problems: ready
    ? []
    : ['/usr/bin/bwrap is missing (node scripts/ensure-system-packages.mjs bubblewrap)'],
});

function logger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_fields: unknown, msg: string) => lines.push({ level, msg });
  return { log: { error: at('error'), info: at('info') } as unknown as FastifyBaseLogger, lines };
}

describe('watchJudgeReadiness', () => {
  it('logs the start and each change in plain words', async () => {
    let ready = false;
    const judge = {
      capabilities: () => Promise.resolve(caps(ready)),
      recheck: () => Promise.resolve(caps(ready)),
    };
    const { log, lines } = logger();
    const readiness = watchJudgeReadiness(judge, log, 3600);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toEqual({
      level: 'error',
      msg: expect.stringMatching(
        /^The judge is NOT ready: student code cannot run on this server.*\/usr\/bin\/bwrap is missing/u,
      ),
    });
    await readiness.recheck();
    expect(lines).toHaveLength(1);
    ready = true;
    await readiness.recheck();
    expect(lines[1]).toEqual({
      level: 'info',
      msg: 'The judge is ready again: Run and Submit work.',
    });
    ready = false;
    await readiness.recheck();
    expect(lines[2]?.level).toBe('error');
    readiness.stop();
  });

  it('shares a probe under way and answers from a recent one when asked to', async () => {
    const recheck = vi.fn(() => Promise.resolve(caps(true)));
    const judge = { capabilities: () => Promise.resolve(caps(true)), recheck };
    const readiness = watchJudgeReadiness(judge, logger().log, 3600);
    await Promise.all([readiness.recheck(), readiness.recheck()]);
    expect(recheck).toHaveBeenCalledOnce();
    await readiness.recheck(60_000);
    expect(recheck).toHaveBeenCalledOnce();
    await readiness.recheck();
    expect(recheck).toHaveBeenCalledTimes(2);
    readiness.stop();
  });
});
