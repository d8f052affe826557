/**
 * The judge keeping what a program printed (issue 34 item 1: the first 64 KiB of stdout and of
 * stderr of every test, JUDGE_KEEP_OUTPUT=all, the default) against the same judge keeping
 * nothing (`none`), in the same run: a Python program printing 100 KB on each of 10 tests, so
 * every kept copy is cut. Goal: ≤ 1.05x. Judged by two engines in alternating order, after one
 * warm-up each. The row covers the judge's side (bounded copies handed back with each test);
 * the rows written to submission_test_outputs are the server's and are not timed here.
 */
import os from 'node:os';
import path from 'node:path';
import { Judge } from '../src/server/judge/judge.ts';
import type { JudgeConfig } from '../src/server/judge/config.ts';
import type { JudgeRequest } from '../src/server/judge/types.ts';
import { summarize } from './stats.ts';

export const OUTPUT_CAPTURE_GOAL = 1.05;
const SAMPLES = 9;
const TESTS = 10;

export type OutputCaptureRow = { withoutMs: number; withMs: number; ratio: number; met: boolean };

export async function outputCaptureRow(config: JudgeConfig): Promise<OutputCaptureRow> {
  const engine = (keepOutput: JudgeConfig['keepOutput'], name: string) =>
    new Judge({
      ...config,
      keepOutput,
      concurrency: 1,
      workDir: path.join(os.tmpdir(), `campus-judge-bench-${name}`),
    });
  const keeping = engine('all', 'keep');
  const keepingNothing = engine('none', 'none');
  const req: JudgeRequest = {
    language: 'python',
    // 100 KB of output a test, then the answer the test expects on its last line.
    code: 'n = int(input())\nfor _ in range(1000): print("y" * 99)\nprint(n * 2)\n',
    tests: Array.from({ length: TESTS }, (_, i) => ({
      input: `${i}\n`,
      expectedOutput: `${'y'.repeat(99)}\n`.repeat(1000) + `${i * 2}\n`,
      hidden: true,
      weight: 1,
    })),
    score: TESTS,
    timeLimitMs: 2000,
    memoryLimitMb: 256,
  };
  const judge = async (which: Judge, keeps: boolean) => {
    const result = await which.judge(req);
    if (result.verdict !== 'Accepted') throw new Error(JSON.stringify(result.verdict));
    const kept = result.tests.filter((t) => t.output !== undefined).length;
    if (kept !== (keeps ? TESTS : 0)) throw new Error(`kept ${kept} outputs`);
  };
  const ms: [number[], number[]] = [[], []];
  try {
    await judge(keepingNothing, false);
    await judge(keeping, true);
    for (let i = 0; i < SAMPLES; i++) {
      for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const started = performance.now();
        await (which === 0 ? judge(keepingNothing, false) : judge(keeping, true));
        ms[which]?.push(performance.now() - started);
      }
    }
  } finally {
    await keeping.close();
    await keepingNothing.close();
  }
  const withoutMs = summarize(ms[0]).p50;
  const withMs = summarize(ms[1]).p50;
  const ratio = withMs / withoutMs;
  return { withoutMs, withMs, ratio, met: ratio <= OUTPUT_CAPTURE_GOAL };
}
