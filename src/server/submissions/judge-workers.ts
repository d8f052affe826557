/**
 * Judge workers: `concurrency` queue workers running the judge job handler, in the server process
 * (the embedded default) or in `npm run worker` (src/worker.ts). Each process keeps a heartbeat
 * row for the administrator's status call, wakes its idle workers when the change feed says a job
 * was queued anywhere, and on start gives a job to any waiting submission that lost its own (a
 * database restored from a backup, a job removed by hand). Stopping lets running jobs finish for
 * a while, then hands the rest back to the queue (pg-boss's graceful stop).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { inTransaction } from '../db/transaction.ts';
import { JUDGE_DEAD_LETTER, JUDGE_QUEUE, type JudgeJob } from '../queue/job-queue.ts';
import { enqueueNextFor, lockStudent } from './fair-enqueue.ts';
import { createDeadJobHandler, createJudgeJobHandler, type JudgeJobDeps } from './judge-job.ts';

export type JudgeWorkersOptions = JudgeJobDeps & {
  concurrency: number;
  /** How long running jobs may take to finish when the workers stop, before being handed back. */
  stopTimeoutSeconds: number;
  heartbeatSeconds?: number;
};

export type JudgeWorkers = { id: string; stop(): Promise<void> };

/** Students whose waiting submissions hold no live job: each gets its oldest one enqueued. */
export async function recoverOrphans(deps: JudgeJobDeps): Promise<number> {
  const { rows } = await deps.database.pool.query(
    `select distinct s.user_id from submissions s
      where s.status in ('queued', 'running')
        and not exists (
          select 1 from submissions o
            join pgboss.job j on j.id = o.job_id and j.state in ('created', 'retry', 'active')
           where o.user_id = s.user_id and o.status in ('queued', 'running'))
      order by s.user_id`,
  );
  let recovered = 0;
  for (const { user_id: userId } of rows as { user_id: string }[]) {
    const next = await inTransaction(deps.database, async ({ executeSql }) => {
      await lockStudent(executeSql, userId);
      await executeSql(
        `update submissions s set status = 'queued', job_id = null, enqueued_at = null
          where s.user_id = $1 and s.status in ('queued', 'running')
            and not exists (select 1 from pgboss.job j
                             where j.id = s.job_id and j.state in ('created', 'retry', 'active'))`,
        [userId],
      );
      return enqueueNextFor(executeSql, deps, userId);
    });
    if (next) recovered += 1;
  }
  if (recovered > 0) deps.queue.wake();
  return recovered;
}

export async function startJudgeWorkers(options: JudgeWorkersOptions): Promise<JudgeWorkers> {
  const { database, queue, feed, concurrency } = options;
  const id = `${os.hostname()}/${process.pid}/${crypto.randomBytes(3).toString('hex')}`;
  let running = 0;
  let judged = 0;
  await database.pool.query(
    `insert into judge_workers (id, host, pid, concurrency) values ($1, $2, $3, $4)`,
    [id, os.hostname(), process.pid, concurrency],
  );

  const handle = createJudgeJobHandler(options);
  const counted = async (job: JudgeJob) => {
    running += 1;
    try {
      if (await handle(job)) judged += 1;
    } finally {
      running -= 1;
    }
  };
  await recoverOrphans(options);
  await queue.work(JUDGE_QUEUE, concurrency, counted);
  await queue.work(JUDGE_DEAD_LETTER, 1, createDeadJobHandler(options));
  const unsubscribe = feed.subscribe((change) => {
    if (change.status === 'queued') queue.wake();
  });

  const beat = () =>
    database.pool
      .query(
        `update judge_workers set heartbeat_at = now(), running = $2, judged = $3 where id = $1`,
        [id, running, judged],
      )
      .catch((error: unknown) => options.log.warn({ err: error }, 'judge heartbeat failed'));
  const heartbeat = setInterval(() => void beat(), (options.heartbeatSeconds ?? 10) * 1000);
  heartbeat.unref();

  let stopping: Promise<void> | undefined;
  return {
    id,
    stop: () =>
      (stopping ??= (async () => {
        unsubscribe();
        clearInterval(heartbeat);
        await queue.stop(options.stopTimeoutSeconds);
        await database.pool
          .query('delete from judge_workers where id = $1', [id])
          .catch(() => undefined);
      })()),
  };
}
