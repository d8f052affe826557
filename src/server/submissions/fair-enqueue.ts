/**
 * Fair scheduling of judge jobs (issue 13 item 5), decided where submissions are written: each
 * student has at most one job in the queue at a time, for their oldest waiting submission. The
 * next one is enqueued in the same transaction that writes the previous one's result, so it joins
 * the queue behind every other student's waiting submission: a student's fifth submission waits
 * behind the others' first ones (round robin), and one student's submissions are never judged two
 * at a time. Locking the student's row serialises this per student across every process.
 */
import type { ExecuteSql } from '../db/transaction.ts';
import type { JudgeLanguage } from '../../contract/verdicts.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { leaseSeconds } from '../queue/lease.ts';

export type EnqueueDeps = { queue: JobQueue; leaseMarginSeconds: number };

/** Holds the student's row until the transaction ends. */
export async function lockStudent(executeSql: ExecuteSql, userId: string): Promise<void> {
  await executeSql('select id from users where id = $1 for update', [userId]);
}

/**
 * Enqueues the student's oldest waiting submission unless one of theirs already holds a job.
 * Call inside a transaction that has locked the student. Returns the submission id enqueued.
 */
export async function enqueueNextFor(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  userId: string,
): Promise<string | undefined> {
  // One statement: the student's oldest waiting submission, unless one of theirs holds a job.
  const { rows } = await executeSql(
    `select s.id, s.language, c.time_limit_ms,
            (select count(*) from test_cases t where t.challenge_id = s.challenge_id)::int as tests
       from submissions s join challenges c on c.challenge_id = s.challenge_id
      where s.user_id = $1 and s.status = 'queued' and s.job_id is null
        and not exists (
          select 1 from submissions h
           where h.user_id = $1 and h.status in ('queued', 'running') and h.job_id is not null)
      order by s.created_at, s.id
      limit 1`,
    [userId],
  );
  const next = rows[0] as
    { id: string; language: JudgeLanguage; time_limit_ms: number; tests: number } | undefined;
  if (!next) return undefined;
  const lease = leaseSeconds(
    { language: next.language, testCount: next.tests, timeLimitMs: next.time_limit_ms },
    deps.leaseMarginSeconds,
  );
  const jobId = await deps.queue.enqueueJudge(executeSql, next.id, lease);
  await executeSql('update submissions set job_id = $2, enqueued_at = now() where id = $1', [
    next.id,
    jobId,
  ]);
  return next.id;
}
