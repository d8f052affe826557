/**
 * The judge's public API for the routes to come: createJudge() gives judge() for Submit, runOnce()
 * for Run, both behind the bounded queue, and capabilities() and recheck() for /api/health.
 */
import { judgeConfigFromEnv, type JudgeConfig } from './config.ts';
import { Judge, type JudgeCapabilities } from './judge.ts';
import { BoundedQueue } from './queue.ts';
import type {
  JudgeLanguage,
  JudgeRequest,
  JudgeResult,
  RunOnceRequest,
  RunOnceResult,
  TestDataFiles,
} from './types.ts';

export { QueueFullError } from './queue.ts';
export { JudgeUnavailableError, type JudgeCapabilities } from './judge.ts';
export { judgeConfigFromEnv, type JudgeConfig } from './config.ts';
export type * from './types.ts';

export interface JudgeService {
  judge(req: JudgeRequest): Promise<JudgeResult>;
  runOnce(req: RunOnceRequest): Promise<RunOnceResult>;
  /** Compiles a checker program (kept for the tests that follow): null, or why it cannot be used. */
  checkChecker(language: JudgeLanguage, source: string): Promise<string | null>;
  capabilities(): Promise<JudgeCapabilities>;
  /** Probes the machine again (the readiness check's timer, an administrator's health view). */
  recheck(): Promise<JudgeCapabilities>;
  queueSize(): { running: number; waiting: number };
  close(): Promise<void>;
}

export function createJudge(
  config: JudgeConfig = judgeConfigFromEnv(),
  testData: TestDataFiles | null = null,
): JudgeService {
  const engine = new Judge(config, testData);
  const queue = new BoundedQueue(config.concurrency, config.queueLimit);
  return {
    judge: (req) => queue.push(() => engine.judge(req)),
    runOnce: (req) => queue.push(() => engine.runOnce(req)),
    checkChecker: (language, source) => queue.push(() => engine.checkChecker(language, source)),
    capabilities: () => engine.capabilities(),
    recheck: () => engine.recheck(),
    queueSize: () => queue.size,
    close: () => engine.close(),
  };
}

/** For /api/health without a judge instance: what this machine offers under the given settings. */
export async function judgeCapabilities(
  config: JudgeConfig = judgeConfigFromEnv(),
): Promise<JudgeCapabilities> {
  const engine = new Judge(config);
  try {
    return await engine.capabilities();
  } finally {
    await engine.close();
  }
}
