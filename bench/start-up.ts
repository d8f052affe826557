/**
 * Start-up time and memory of `npm start` (issue 15 item 13): starts it on a new embedded database,
 * waits for /api/health, stops it, starts it again on the same data folder. Reports the time to
 * healthy, the peak resident memory while starting and the memory once healthy, summed over the
 * whole process tree under npm (npm itself included), and which processes that tree holds.
 * `npx tsx bench/start-up.ts` alone, or `BENCH_ONLY=start npm run bench`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

type Proc = { pid: number; rssKb: number; command: string };

/** The process and its descendants, from /proc (Linux only, like the judge). */
function processTree(root: number): Proc[] {
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/u.exec(status)?.[1] ?? 0);
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid, rssKb, command });
      for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
        const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(' ').map(Number));
      }
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

const totalMb = (tree: Proc[]) => tree.reduce((sum, p) => sum + p.rssKb, 0) / 1024;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export type StartRun = {
  label: string;
  healthyMs: number;
  peakMb: number;
  healthyMb: number;
  settledMb: number;
  processes: string[];
};

/** One `npm start` on dataDir: up to healthy, 5 s more to settle, then SIGTERM. */
async function startOnce(label: string, dataDir: string): Promise<StartRun> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, stopped as a whole like Ctrl-C in a terminal stops it.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = child.pid as number;
  let peakMb = 0;
  const sample = setInterval(() => (peakMb = Math.max(peakMb, totalMb(processTree(pid)))), 100);
  try {
    const deadline = Date.now() + 300_000;
    while (!(await healthy(`http://127.0.0.1:${port}/api/health`))) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`${label}: no health\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const healthyMs = performance.now() - started;
    const tree = processTree(pid);
    await new Promise((r) => setTimeout(r, 5_000));
    return {
      label,
      healthyMs,
      peakMb: Math.max(peakMb, totalMb(tree)),
      healthyMb: totalMb(tree),
      settledMb: totalMb(processTree(pid)),
      processes: tree.map((p) => `${(p.rssKb / 1024).toFixed(0)} MB ${p.command.slice(0, 60)}`),
    };
  } finally {
    clearInterval(sample);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-pid, 'SIGTERM');
      await exited;
    }
  }
}

export async function startUpBenchmark(): Promise<StartRun[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  try {
    return [
      await startOnce('new database', dataDir),
      await startOnce('restart', dataDir),
      await startOnce('restart again', dataDir),
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function reportStartUpBenchmark(): Promise<void> {
  console.log('\nnpm start on the embedded database: whole process tree (npm included)');
  const runs = await startUpBenchmark();
  console.table(
    runs.map((r) => ({
      start: r.label,
      healthy: `${(r.healthyMs / 1000).toFixed(1)} s`,
      'peak RSS': `${r.peakMb.toFixed(0)} MB`,
      'RSS at healthy': `${r.healthyMb.toFixed(0)} MB`,
      'RSS 5 s later': `${r.settledMb.toFixed(0)} MB`,
    })),
  );
  for (const r of runs) console.log(`${r.label}:\n  ${r.processes.join('\n  ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await reportStartUpBenchmark();
