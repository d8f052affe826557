/**
 * The judge, sandboxed against bare runs of the same commands in the same run: hello world per
 * language (goal ≤ 1.5× for python and node), Java with 10 tests against bare javac + 10 java runs
 * (goal ≤ 1.3×), and the throughput of 500 queued trivial Python submissions (goal ≥ 40 runs/s).
 * Bare and sandboxed samples alternate, so a noisy neighbour weighs on both alike; bare runs use
 * exactly the judge's command lines and flags (printed first), with an empty environment.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, judgeConfigFromEnv } from '../src/server/judge/index.ts';
import { Judge } from '../src/server/judge/judge.ts';
import { LANGUAGES } from '../src/server/judge/languages.ts';
import type { JudgeLanguage, JudgeRequest } from '../src/server/judge/types.ts';
import { summarize } from './stats.ts';

const HELLO: Record<JudgeLanguage, string> = {
  python: 'print("hello")\n',
  javascript: 'console.log("hello");\n',
  java: 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }\n',
};

export interface JudgeBenchRow {
  name: string;
  bareMs: number;
  sandboxedMs: number;
  goal: string;
  met: boolean;
}

const exec = (argv: string[], cwd: string, stdin = '') =>
  new Promise<void>((resolve, reject) => {
    const [cmd = '', ...args] = argv;
    const child = spawn(cmd, args, { env: {}, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`)),
    );
  });

/** Medians of `bare` and `sandboxed`, sampled in alternating order after one warm-up each. */
async function medians(
  times: number,
  bare: () => Promise<unknown>,
  sandboxed: () => Promise<unknown>,
): Promise<{ bareMs: number; sandboxedMs: number }> {
  await bare();
  await sandboxed();
  const ms: [number[], number[]] = [[], []];
  const fs = [bare, sandboxed];
  for (let i = 0; i < times; i++) {
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const t = performance.now();
      await fs[which]?.();
      ms[which]?.push(performance.now() - t);
    }
  }
  return { bareMs: summarize(ms[0]).p50, sandboxedMs: summarize(ms[1]).p50 };
}

/** Runs `count` tasks with `workers` at a time; the seconds it took. */
async function pool(count: number, workers: number, task: () => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next += 1;
        await task();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function judgeBenchmark(): Promise<{ rows: JudgeBenchRow[]; throughput: number }> {
  const config = judgeConfigFromEnv(process.env, {
    workDir: path.join(os.tmpdir(), 'campus-judge-bench'),
  });
  const engine = new Judge({ ...config, concurrency: 1 });
  const caps = await engine.capabilities();
  if (!caps.ready) throw new Error(`judge not ready: ${caps.problems.join('; ')}`);
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-bench-bare-'));
  const rows: JudgeBenchRow[] = [];
  const limits = { timeLimitMs: 2000, memoryLimitMb: 256 };
  try {
    for (const language of ['python', 'javascript', 'java'] as const) {
      const lang = LANGUAGES[language];
      const mainName = lang.mainName(HELLO[language]);
      fs.writeFileSync(path.join(bareDir, lang.sourceFile(mainName)), HELLO[language]);
      const ctx = { codeDir: bareDir, memoryLimitMb: limits.memoryLimitMb, mainName };
      const bare = async () => {
        if (lang.compile) await exec(lang.compile(ctx), bareDir);
        await exec(lang.run(ctx), bareDir);
      };
      console.log(
        `  ${language}: ${[...(lang.compile ? [lang.compile(ctx), ['then']] : []), lang.run(ctx)].map((a) => a.join(' ')).join(' ')}`,
      );
      const n = language === 'java' ? 5 : 30;
      const { bareMs, sandboxedMs } = await medians(n, bare, async () => {
        const r = await engine.runOnce({ language, code: HELLO[language], stdin: '', ...limits });
        if (r.stdout !== 'hello\n') throw new Error(`${language}: ${JSON.stringify(r)}`);
      });
      const goal = language === 'java' ? 1.3 : 1.5;
      rows.push({
        name: `hello world, ${language}${lang.compile ? ' (javac + java)' : ''}`,
        bareMs,
        sandboxedMs,
        goal: language === 'java' ? '(none)' : `≤ ${goal}x`,
        met: language === 'java' || sandboxedMs / bareMs <= goal,
      });
    }

    const java = LANGUAGES.java;
    const ctx = { codeDir: bareDir, memoryLimitMb: limits.memoryLimitMb, mainName: 'Main' };
    const tests = Array.from({ length: 10 }, () => ({
      input: '',
      expectedOutput: 'hello',
      hidden: true,
      weight: 1,
    }));
    const { bareMs, sandboxedMs } = await medians(
      3,
      async () => {
        await exec(java.compile?.(ctx) ?? [], bareDir);
        for (let i = 0; i < 10; i++) await exec(java.run(ctx), bareDir);
      },
      async () => {
        const r = await engine.judge({
          language: 'java',
          code: HELLO.java,
          tests,
          score: 100,
          ...limits,
        });
        if (r.verdict !== 'Accepted') throw new Error(JSON.stringify(r));
      },
    );
    rows.push({
      name: 'java, javac + 10 tests',
      bareMs,
      sandboxedMs,
      goal: '≤ 1.3x',
      met: sandboxedMs / bareMs <= 1.3,
    });
  } finally {
    await engine.close();
    fs.rmSync(bareDir, { recursive: true, force: true });
  }

  // Throughput: 500 submissions queued at once, JUDGE_CONCURRENCY workers (default: the cores),
  // after one warm-up submission (the launcher process starts once per server, not per run).
  // For scale, the same 500 bare runs with as many at a time, half before and half after.
  const service = createJudge({ ...config, queueLimit: 1000 });
  const req: JudgeRequest = {
    language: 'python',
    code: 'print(int(input()) * 2)\n',
    tests: [{ input: '21\n', expectedOutput: '42\n', hidden: true, weight: 1 }],
    score: 1,
    ...limits,
  };
  const python = LANGUAGES.python;
  const tpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-bench-bare-'));
  fs.writeFileSync(path.join(tpDir, 'main.py'), req.code);
  const argv = python.run({
    codeDir: tpDir,
    memoryLimitMb: limits.memoryLimitMb,
    mainName: 'main',
  });
  const bareRun = () => exec(argv, tpDir, '21\n');
  let bareSeconds: number;
  let seconds: number;
  try {
    await service.judge(req);
    bareSeconds = await pool(250, config.concurrency, bareRun);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 500 }, () => service.judge(req)));
    seconds = (performance.now() - started) / 1000;
    bareSeconds += await pool(250, config.concurrency, bareRun);
    const bad = results.filter((r) => r.verdict !== 'Accepted').length;
    if (bad > 0) throw new Error(`${bad} of 500 throughput submissions were not Accepted`);
  } finally {
    await service.close();
    fs.rmSync(tpDir, { recursive: true, force: true });
  }
  rows.push({
    name: `500 python submissions, ${config.concurrency} at a time (per run)`,
    bareMs: (bareSeconds * 1000) / 500,
    sandboxedMs: (seconds * 1000) / 500,
    goal: `(bare: ${(500 / bareSeconds).toFixed(1)} runs/s)`,
    met: 500 / seconds >= 40,
  });
  return { rows, throughput: 500 / seconds };
}
