/**
 * Re-judging (issue 13 item 4): after a teacher fixes a test case, one submission or every
 * submission of a challenge goes back to the queue. Each keeps its previous result until the new
 * one replaces it, so the results page never shows a student with nothing; the attempt's best
 * follows each new result. Submissions already waiting or running are left as they are.
 */
import type { DatabaseHandle } from '../db/connection.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueNextForEach, lockStudents, type EnqueueDeps } from './fair-enqueue.ts';

export type RejudgeTarget = { submissionId: string } | { challengeId: string };

export type RejudgeOutcome = { queued: number; students: number };

export async function rejudge(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: EnqueueDeps,
  target: RejudgeTarget,
): Promise<RejudgeOutcome> {
  return inTransaction(database, async ({ executeSql }) => {
    const [column, value] =
      'submissionId' in target ? ['id', target.submissionId] : ['challenge_id', target.challengeId];
    const students = await executeSql(
      `select distinct user_id from submissions
        where ${column} = $1 and status in ('judged', 'failed')
        order by user_id`,
      [value],
    );
    const userIds = students.rows.map((r) => String(r.user_id));
    await lockStudents(executeSql, userIds);
    const requeued = await executeSql(
      `update submissions set status = 'queued', job_id = null, enqueued_at = null
        where ${column} = $1 and status in ('judged', 'failed')
        returning id`,
      [value],
    );
    await enqueueNextForEach(executeSql, deps, userIds);
    return { queued: requeued.rows.length, students: userIds.length };
  });
}
