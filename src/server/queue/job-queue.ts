/**
 * The durable job queue: pg-boss (PostgreSQL-native, FOR UPDATE SKIP LOCKED, leases, retries, a
 * dead-letter queue) on the product's own database, PGlite included, through the connection pool
 * the rest of the server uses. Only this file knows pg-boss; the rest of the server enqueues
 * judge jobs inside its own transactions and registers handlers.
 *
 * Why pg-boss and not graphile-worker (issue 13): pg-boss takes an `executeSql` adapter, so it
 * runs over PGlite's single connection and enqueues inside our transactions on both databases;
 * graphile-worker holds a dedicated LISTEN connection for each runner, which PGlite's one
 * connection cannot give (its runner never started in the evaluation), and it needs Node ≥ 22 in
 * its current release. pg-boss 10.4 is the newest line that runs on this Node (20).
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/connection.ts';
import { poolSql, type ExecuteSql } from '../db/transaction.ts';

export const JUDGE_QUEUE = 'judge-submission';
/** Jobs that failed for good (retries spent, or their last lease expired) land here. */
export const JUDGE_DEAD_LETTER = 'judge-submission-dead';

/** `jobId` is the job's own id, kept in its data so the dead-letter copy still names it. */
export type JudgeJobData = { submissionId: string; jobId: string };
export type JudgeJob = {
  id: string;
  data: JudgeJobData;
  retryCount: number;
  retryLimit: number;
};

export type JobQueueOptions = {
  /** How often expired leases are looked for (pg-boss maintenance). */
  leaseCheckSeconds: number;
  /** How often an idle worker looks for work (wake-ups make it sooner). */
  pollSeconds: number;
  /** Tries after the first when the judge itself fails (never for a student's wrong code). */
  retryLimit: number;
};

type Log = { error(obj: object, msg: string): void };

export class JobQueue {
  private readonly workerIds: string[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
  ) {}

  static async start(
    database: Pick<DatabaseHandle, 'pool'>,
    options: JobQueueOptions,
    log: Log,
  ): Promise<JobQueue> {
    const executeSql = poolSql(database.pool);
    const boss = new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values) },
      schema: 'pgboss',
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.leaseCheckSeconds,
    });
    boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(JUDGE_DEAD_LETTER, { name: JUDGE_DEAD_LETTER, retryLimit: 0 });
    await boss.createQueue(JUDGE_QUEUE, {
      name: JUDGE_QUEUE,
      retryLimit: options.retryLimit,
      retryDelay: 1,
      deadLetter: JUDGE_DEAD_LETTER,
    });
    return new JobQueue(boss, options);
  }

  /**
   * Sends judge jobs in the caller's transaction (`executeSql` of that transaction), one
   * statement for all of them, with the ids the database gave them (portal_assign_judge_jobs).
   * The lease is how long a worker may hold a job before it is given to another worker.
   */
  async enqueueJudges(
    executeSql: ExecuteSql,
    jobs: readonly { jobId: string; submissionId: string; leaseSeconds: number }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((job) => ({
        id: job.jobId,
        name: JUDGE_QUEUE,
        data: { submissionId: job.submissionId, jobId: job.jobId } satisfies JudgeJobData,
        expireInSeconds: Math.max(1, Math.ceil(job.leaseSeconds)),
        retryLimit: this.options.retryLimit,
        retryDelay: 1,
        deadLetter: JUDGE_DEAD_LETTER,
      })),
      { db: { executeSql: (text, values) => executeSql(text, values) } },
    );
  }

  /**
   * Runs `handler` for jobs of `queue`, `concurrency` at a time (one pg-boss worker each, one job
   * per fetch). A handler that throws hands the job back for a retry. After a job a worker looks
   * for the next one at once instead of sleeping out its polling interval.
   */
  async work(
    queue: typeof JUDGE_QUEUE | typeof JUDGE_DEAD_LETTER,
    concurrency: number,
    handler: (job: JudgeJob) => Promise<void>,
  ): Promise<void> {
    for (let i = 0; i < concurrency; i += 1) {
      let workerId = '';
      workerId = await this.boss.work<JudgeJobData>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds },
        async ([job]) => {
          if (!job) return;
          try {
            await handler({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
          } finally {
            this.boss.notifyWorker(workerId);
          }
        },
      );
      this.workerIds.push(workerId);
    }
  }

  /** New work was queued (here or, through the change feed, elsewhere): idle workers look now. */
  wake(): void {
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /** Hands jobs back at once (a worker stopping before they finished), instead of at lease end. */
  async handBack(jobIds: string[]): Promise<void> {
    if (jobIds.length > 0) await this.boss.fail(JUDGE_QUEUE, jobIds);
  }

  /**
   * Stops fetching and waits up to `timeoutSeconds` for running handlers; pg-boss then stops its
   * maintenance. Jobs still running after that are left to their leases (or handed back first).
   */
  async stop(timeoutSeconds: number): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutSeconds * 1000 });
  }

  /** Stops the workers only; the queue can still send (a server shutting down its judge). */
  async stopWorking(): Promise<void> {
    await this.boss.offWork(JUDGE_QUEUE);
    await this.boss.offWork(JUDGE_DEAD_LETTER);
  }
}
