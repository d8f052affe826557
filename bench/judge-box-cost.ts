/**
 * The sandbox decision's two rows (issue 35 item 7: a fresh box per run, as isolate, CMS and
 * DOMjudge keep):
 * - throughput on a realistic problem: a Python sort of 200,000 numbers, whose test takes well
 *   over 50 ms of CPU bare, judged sandboxed against the same commands bare at the same
 *   concurrency (goal: sandboxed runs/s ≥ 0.8x bare);
 * - the fixed cost of one box in ms of CPU, next to bwrap's own floor measured in the same run
 *   (`bwrap --unshare-all … /usr/bin/true`), goal ≤ 2x that floor. One box's cost is what one more
 *   test of a submission costs: a trivial static C program judged with 41 tests against the same
 *   program with 1, divided by 40, so compiling and the submission's own work cancel out and what
 *   is left is everything a box takes (Node, the launcher, bwrap, namespaces, cgroup, seccomp).
 *
 * CPU is read from /proc/stat (the whole machine, every process, user and system time): the only
 * count that sees the launcher's and bwrap's children too. It is as good as the machine is quiet;
 * the phases alternate so a neighbour weighs on both alike, and the medians are the figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge } from '../src/server/judge/index.ts';
import type { JudgeConfig } from '../src/server/judge/config.ts';
import { LANGUAGES } from '../src/server/judge/languages.ts';
import type { JudgeRequest } from '../src/server/judge/types.ts';
import { median } from './stats.ts';

export type BoxCostRow = {
  name: string;
  bare: string;
  sandboxed: string;
  ratio: number;
  goal: string;
  met: boolean;
};

/** Sandboxed runs/s at least this fraction of bare on the realistic problem. */
export const REALISTIC_THROUGHPUT_GOAL = 0.8;
/** One box's CPU at most this multiple of bwrap's own floor. */
export const BOX_COST_GOAL = 2;

const NUMBERS = 200_000;
const SORT_CODE =
  'import sys\n' +
  'data = sys.stdin.buffer.read().split()\n' +
  'n = int(data[0])\n' +
  'values = sorted(map(int, data[1:n + 1]))\n' +
  "sys.stdout.write('\\n'.join(map(str, values)) + '\\n')\n";
const ROUNDS = 3;
const PER_ROUND = 16;
const FEW_TESTS = 1;
const MANY_TESTS = 41;
const FLOOR_RUNS = 200;

/** Busy CPU time of the whole machine so far, in ms (every core, user + nice + system + irq). */
function machineCpuMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  // USER_HZ is 100 on Linux's every architecture the portal runs on.
  return (user + nice + system + irq + softirq + steal) * 10;
}

async function cpuOf(task: () => Promise<unknown>): Promise<number> {
  const before = machineCpuMs();
  await task();
  return machineCpuMs() - before;
}

function run(argv: string[], stdin: string, env?: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const [cmd = '', ...args] = argv;
    const child = spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`${cmd}: ${code}`)),
    );
  });
}

async function pool(count: number, workers: number, task: () => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next += 1;
        await task();
      }
    }),
  );
}

async function seconds(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return (performance.now() - started) / 1000;
}

/** The realistic throughput row: the sort judged sandboxed against bare, rounds alternating. */
async function realisticThroughput(config: JudgeConfig): Promise<BoxCostRow> {
  let seed = 1;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  const values = Array.from({ length: NUMBERS }, () => random() % 1_000_000_000);
  const input = `${NUMBERS}\n${values.join(' ')}\n`;
  const expected = `${[...values].sort((a, b) => a - b).join('\n')}\n`;
  const req: JudgeRequest = {
    language: 'python',
    code: SORT_CODE,
    tests: [{ input, expectedOutput: expected, hidden: true, weight: 1 }],
    score: 1,
    timeLimitMs: 5000,
    memoryLimitMb: 256,
  };
  const python = LANGUAGES.python;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-bench-sort-'));
  const plan = python.plan(SORT_CODE);
  fs.writeFileSync(path.join(dir, plan.sourceFile), SORT_CODE);
  const ctx = { codeDir: dir, memoryLimitMb: 256, sourceFile: plan.sourceFile, entry: plan.entry };
  const bare = async () => {
    await run(python.compile(ctx), '', python.env);
    if ((await run(python.run(ctx), input, python.env)) !== expected)
      throw new Error('the bare sort printed something else');
  };
  const service = createJudge({ ...config, queueLimit: 1000 });
  const sandboxed = async () => {
    const result = await service.judge(req);
    if (result.verdict !== 'Accepted') throw new Error(`sandboxed sort: ${result.verdict}`);
  };
  const bareRates: number[] = [];
  const boxRates: number[] = [];
  const bareTestCpu: number[] = [];
  try {
    await sandboxed();
    bareTestCpu.push(await cpuOf(bare));
    for (let round = 0; round < ROUNDS; round++) {
      const phases = [
        async () =>
          bareRates.push(
            PER_ROUND / (await seconds(() => pool(PER_ROUND, config.concurrency, bare))),
          ),
        async () =>
          boxRates.push(
            PER_ROUND / (await seconds(() => pool(PER_ROUND, config.concurrency, sandboxed))),
          ),
      ];
      for (const phase of round % 2 === 0 ? phases : phases.reverse()) await phase();
    }
  } finally {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratio = median(boxRates) / median(bareRates);
  return {
    name: `sort of ${NUMBERS.toLocaleString('en')} numbers, python, ${config.concurrency} at a time (runs/s; bare CPU per test ${Math.round(median(bareTestCpu))} ms)`,
    bare: `${median(bareRates).toFixed(2)} runs/s`,
    sandboxed: `${median(boxRates).toFixed(2)} runs/s`,
    ratio,
    goal: `≥ ${REALISTIC_THROUGHPUT_GOAL}x bare`,
    met: ratio >= REALISTIC_THROUGHPUT_GOAL,
  };
}

/** bwrap's floor: a namespace box around /usr/bin/true, nothing else, in ms of CPU per run. */
async function bwrapFloorMs(): Promise<number> {
  const argv = [
    'bwrap',
    '--unshare-all',
    '--die-with-parent',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '/usr/bin/true',
  ];
  const cpu = await cpuOf(async () => {
    for (let i = 0; i < FLOOR_RUNS; i++) await run(argv, '');
  });
  return cpu / FLOOR_RUNS;
}

/** One box's CPU: a trivial static C program judged with MANY_TESTS against FEW_TESTS. */
async function boxCostMs(config: JudgeConfig): Promise<number> {
  const service = createJudge({ ...config, concurrency: 1, queueLimit: 10 });
  const request = (tests: number): JudgeRequest => ({
    language: 'c',
    code: 'int main(void) { return 0; }\n',
    tests: Array.from({ length: tests }, () => ({
      input: '',
      expectedOutput: '',
      hidden: true,
      weight: 1,
    })),
    score: 1,
    timeLimitMs: 1000,
    memoryLimitMb: 64,
  });
  const judged = async (tests: number) => {
    const result = await service.judge(request(tests));
    if (result.verdict !== 'Accepted') throw new Error(`box cost: ${result.verdict}`);
  };
  try {
    await judged(FEW_TESTS);
    const few = await cpuOf(() => judged(FEW_TESTS));
    const many = await cpuOf(() => judged(MANY_TESTS));
    return (many - few) / (MANY_TESTS - FEW_TESTS);
  } finally {
    await service.close();
  }
}

export async function sandboxDecisionRows(config: JudgeConfig): Promise<BoxCostRow[]> {
  const throughput = await realisticThroughput(config);
  const floors: number[] = [];
  const boxes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const phases = [
      async () => floors.push(await bwrapFloorMs()),
      async () => boxes.push(await boxCostMs(config)),
    ];
    for (const phase of round % 2 === 0 ? phases : phases.reverse()) await phase();
  }
  const floor = median(floors);
  const box = median(boxes);
  return [
    throughput,
    {
      name: `one box's fixed cost, ms of CPU (rounds: ${boxes.map((b) => b.toFixed(1)).join(', ')} vs ${floors.map((f) => f.toFixed(1)).join(', ')})`,
      bare: `${floor.toFixed(1)} ms (bwrap floor)`,
      sandboxed: `${box.toFixed(1)} ms (one box)`,
      ratio: box / floor,
      goal: `≤ ${BOX_COST_GOAL}x the floor`,
      met: box / floor <= BOX_COST_GOAL,
    },
  ];
}
