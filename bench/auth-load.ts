/**
 * 300 concurrent sign-ups, then 300 concurrent logins, against the real server, next to
 * a baseline of 300 concurrent /api/health calls measured in the same run. For each phase: total
 * time, p99 latency and the longest event-loop stall of the server process (argon2 must run off
 * the loop, so the stall should stay near the baseline's).
 */
import { startBenchServer } from './bench-server.ts';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { summarize } from './stats.ts';

const run = promisify(execFile);
const CONCURRENCY = 300;

type Phase = {
  name: string;
  totalMs: number;
  p50: number;
  p99: number;
  stallMs: number;
  statuses: Record<string, number>;
};

/** `postgresAdminUrl` given: run on a scratch database there instead of PGlite. */
export async function authLoadBenchmark(postgresAdminUrl?: string): Promise<Phase[]> {
  const server = await startBenchServer({
    postgresAdminUrl,
    // Every request comes from 127.0.0.1; the benchmark measures hashing, not the limiter.
    env: { LOGIN_MAX_FAILURES_PER_IP: '100000' },
  });
  const url = server.url;
  const client = path.join(path.dirname(new URL(import.meta.url).pathname), 'load-client.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  async function phase(
    name: string,
    requests: { method: string; path: string; body?: unknown }[],
  ): Promise<Phase> {
    loop.reset();
    const { stdout } = await run(tsx, [client, JSON.stringify({ url, requests })], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '' },
    });
    const result = JSON.parse(stdout) as {
      totalMs: number;
      latenciesMs: number[];
      statuses: Record<string, number>;
    };
    const s = summarize(result.latenciesMs);
    return {
      name,
      totalMs: result.totalMs,
      p50: s.p50,
      p99: s.p99,
      stallMs: loop.max / 1e6,
      statuses: result.statuses,
    };
  }

  const emails = Array.from({ length: CONCURRENCY }, (_, i) => `bench${i}@example.edu`);
  const health = Array.from({ length: CONCURRENCY }, () => ({
    method: 'GET',
    path: '/api/health',
  }));
  try {
    await phase('warm-up', health);
    const baseline = await phase('baseline: 300 x GET /api/health', health);
    const signUps = await phase(
      '300 concurrent sign-ups',
      emails.map((email, i) => ({
        method: 'POST',
        path: '/api/user/loginSignUp',
        body: { name: `student ${i}`, email, password: `Pass-${i}-word` },
      })),
    );
    const logins = await phase(
      '300 concurrent logins',
      emails.map((email, i) => ({
        method: 'POST',
        path: '/api/user/loginSignUp',
        body: { email, password: `Pass-${i}-word` },
      })),
    );
    return [baseline, signUps, logins];
  } finally {
    loop.disable();
    await server.close();
  }
}
