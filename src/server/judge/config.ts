/**
 * The judge's own settings, read from the environment in one place (JUDGE_SANDBOX,
 * JUDGE_CONCURRENCY and the rarely changed knobs), so the judge can run without the server's
 * config module and a test can build any setting it needs.
 */
import os from 'node:os';
import path from 'node:path';
import {
  CHECKER_MEMORY_LIMIT_MB,
  CHECKER_PROCESSES,
  CHECKER_TIME_LIMIT_MS,
} from '../../contract/judge-cost.ts';
import { KEEP_OUTPUT_MODES, type KeepOutput } from './captured-output.ts';

export type SandboxMode = 'bwrap' | 'none';

export interface JudgeConfig {
  sandbox: SandboxMode;
  /** Submissions judged at the same time (default: the number of cores). */
  concurrency: number;
  /** Submissions allowed to wait beyond the running ones before QueueFullError. */
  queueLimit: number;
  /** Run without cgroups (no memory/process accounting) when the machine has none. */
  allowDegraded: boolean;
  /** First of the unprivileged uids/gids given to boxes, one per box at a time. */
  uidBase: number;
  uidCount: number;
  /** Host folder for submissions' code and the uid locks (root-owned, mode 0711). */
  workDir: string;
  /** Size of the box's writable tmpfs, and of /dev/shm inside the box. */
  boxBytes: number;
  shmBytes: number;
  /**
   * Most bytes kept from stdout before Output Limit Exceeded, unless the challenge sets its own
   * (JudgeRequest.outputLimitMb); stderr is cut at stderrBytes.
   */
  outputBytes: number;
  stderrBytes: number;
  /**
   * JUDGE_KEEP_OUTPUT: the tests whose output (first 64 KiB of stdout and of stderr) is kept for
   * staff: `all` (the default), `failed` (tests not Accepted) or `none` (docs/operations.md).
   */
  keepOutput: KeepOutput;
  /** Largest file a program may write (RLIMIT_FSIZE). */
  fileBytes: number;
  /** Processes and threads per box (pids cgroup). */
  maxProcesses: number;
  /** Largest accepted source file. */
  maxCodeBytes: number;
  /**
   * The boxes' nice value (0-19). Above 0, the server and the database come first when all want
   * the same cores (an exam's deadline on one machine): a box only waits, and time spent waiting
   * for a core is not charged to it (sandbox.ts), so no verdict changes.
   */
  boxNice: number;
  /**
   * A checker program's own limits per test (CHECKER_TIME_LIMIT_SECONDS of CPU, its runtime's
   * start-up allowance on top; CHECKER_MEMORY_MB; CHECKER_PROCESSES): the teacher's program is
   * not held to the challenge's limits, but one that loops, sleeps or forks must not hold a
   * judge slot for long. The queue's job lease counts the time limit too.
   */
  checkerTimeLimitMs: number;
  checkerMemoryMb: number;
  checkerProcesses: number;
}

const int = (value: string | undefined, fallback: number, min = 1, max = Infinity): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`Expected an integer from ${min} to ${max}, got ${value}`);
  return n;
};

export function judgeConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<JudgeConfig> = {},
): JudgeConfig {
  const sandbox = (env.JUDGE_SANDBOX ?? 'bwrap').trim() || 'bwrap';
  if (sandbox !== 'bwrap' && sandbox !== 'none')
    throw new Error(`JUDGE_SANDBOX must be bwrap or none, got ${sandbox}`);
  const keepOutput = (env.JUDGE_KEEP_OUTPUT ?? '').trim() || 'all';
  if (!KEEP_OUTPUT_MODES.includes(keepOutput as KeepOutput))
    throw new Error(`JUDGE_KEEP_OUTPUT must be all, failed or none, got ${keepOutput}`);
  const concurrency = int(env.JUDGE_CONCURRENCY, Math.max(1, os.availableParallelism()));
  return {
    sandbox,
    concurrency,
    queueLimit: int(env.JUDGE_QUEUE_LIMIT, 1000, 0),
    allowDegraded: env.JUDGE_ALLOW_DEGRADED === '1' || env.JUDGE_ALLOW_DEGRADED === 'true',
    uidBase: int(env.JUDGE_UID_BASE, 61000),
    uidCount: 256,
    workDir: env.JUDGE_WORK_DIR ?? path.join(os.tmpdir(), 'campus-judge'),
    boxBytes: 32 * 1024 * 1024,
    shmBytes: 4 * 1024 * 1024,
    // Kattis's and DOMjudge's default (contract DEFAULT_OUTPUT_LIMIT_MB).
    outputBytes: 8 * 1024 * 1024,
    stderrBytes: 64 * 1024,
    keepOutput: keepOutput as KeepOutput,
    fileBytes: 16 * 1024 * 1024,
    maxProcesses: 64,
    maxCodeBytes: 256 * 1024,
    boxNice: int(env.JUDGE_NICE, 10, 0, 19),
    checkerTimeLimitMs:
      int(env.CHECKER_TIME_LIMIT_SECONDS, CHECKER_TIME_LIMIT_MS / 1000, 1, 60) * 1000,
    checkerMemoryMb: int(env.CHECKER_MEMORY_MB, CHECKER_MEMORY_LIMIT_MB, 32, 4096),
    checkerProcesses: int(env.CHECKER_PROCESSES, CHECKER_PROCESSES, 1, 256),
    ...overrides,
  };
}
