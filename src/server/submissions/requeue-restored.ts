/**
 * After a restore (src/server/db/backup/): the backup holds no judge jobs (a queue library's own
 * tables are not carried between releases), so every submission that was waiting or being judged
 * when the backup was taken goes back to the queue, in the same fair order as at Submit (one job
 * per student, oldest first: fair-enqueue.ts). A run that was half done starts again.
 */
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { inTransaction } from '../db/transaction.ts';
import { JobQueue } from '../queue/job-queue.ts';
import { enqueueNextForEach, lockStudents } from './fair-enqueue.ts';

/** Returns how many submissions wait for the judge again. */
export async function requeueRestored(
  database: Pick<DatabaseHandle, 'pool'>,
  settings: Config['judgeQueue'],
): Promise<number> {
  const queue = await JobQueue.start(database, settings, {
    error: (obj, msg) => console.error(msg, obj),
  });
  try {
    return await inTransaction(database, async ({ executeSql }) => {
      const waiting = await executeSql(
        `update submissions set status = 'queued', job_id = null, enqueued_at = null
          where status in ('queued', 'running')
          returning user_id::text as user_id`,
      );
      const userIds = [...new Set(waiting.rows.map((r) => String(r.user_id)))].sort();
      await lockStudents(executeSql, userIds);
      await enqueueNextForEach(
        executeSql,
        { queue, leaseMarginSeconds: settings.leaseMarginSeconds },
        userIds,
      );
      return waiting.rows.length;
    });
  } finally {
    await queue.stop(5);
  }
}
