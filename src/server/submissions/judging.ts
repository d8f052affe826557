/**
 * The judge queue as one piece for the two processes that use it: the server (src/server/app.ts)
 * and the judge-only worker (src/worker.ts). It starts the queue and the change feed and, where
 * this process judges, its workers; close() stops them in the right order.
 */
import type { Config } from '../config.ts';
import { createChangeFeed, type ChangeFeed } from '../changes/change-feed.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import { JobQueue } from '../queue/job-queue.ts';
import { startJudgeWorkers, type JudgeWorkers } from './judge-workers.ts';

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type Judging = {
  queue: JobQueue;
  feed: ChangeFeed;
  workers: JudgeWorkers | undefined;
  close(): Promise<void>;
};

export async function startJudging(options: {
  config: Pick<Config, 'judgeQueue' | 'judgeConcurrency' | 'judge'>;
  database: DatabaseHandle;
  judge: JudgeService;
  log: Log;
  /** Whether this process judges (the server: JUDGE_IN_PROCESS; a worker: always). */
  work: boolean;
}): Promise<Judging> {
  const { config, database, judge, log } = options;
  const settings = config.judgeQueue;
  // The queue's options are the judge queue's settings of the same names.
  const queue = await JobQueue.start(database, settings, log);
  const feed = createChangeFeed(database, log);
  const workers = options.work
    ? await startJudgeWorkers({
        database,
        queue,
        feed,
        judge,
        log,
        leaseMarginSeconds: settings.leaseMarginSeconds,
        checkerTimeLimitMs: config.judge.checkerTimeLimitMs,
        concurrency: config.judgeConcurrency,
        stopTimeoutSeconds: settings.stopTimeoutSeconds,
        heartbeatSeconds: settings.heartbeatSeconds,
      })
    : undefined;
  let closing: Promise<void> | undefined;
  return {
    queue,
    feed,
    workers,
    close: () =>
      (closing ??= (async () => {
        if (workers) await workers.stop();
        else await queue.stop(1);
        await feed.close();
      })()),
  };
}
