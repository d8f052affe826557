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

/**
 * Holds the students' rows until the transaction ends. Locked in id order, so two transactions
 * locking overlapping sets of students (a batch of submissions, a re-judge) never deadlock.
 */
export async function lockStudents(
  executeSql: ExecuteSql,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await executeSql('select id from users where id = any($1::uuid[]) order by id for update', [
    userIds,
  ]);
}

export const lockStudent = (executeSql: ExecuteSql, userId: string): Promise<void> =>
  lockStudents(executeSql, [userId]);

/**
 * For each student, enqueues their oldest waiting submission unless one of theirs already holds a
 * job. Call inside a transaction that has locked the students. Returns student -> the submission
 * id enqueued for them. Jobs sent together start in the same instant, so among themselves the
 * queue takes them in no particular order: they arrived together.
 */
export async function enqueueNextForEach(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const enqueued = new Map<string, string>();
  if (userIds.length === 0) return enqueued;
  // One statement: per student, the oldest waiting submission, unless one of theirs holds a job.
  const { rows } = await executeSql(
    `select distinct on (s.user_id) s.id::text as id, s.user_id::text as user_id, s.language,
            c.time_limit_ms,
            (select count(*) from test_cases t where t.challenge_id = s.challenge_id)::int as tests
       from submissions s join challenges c on c.challenge_id = s.challenge_id
      where s.user_id = any($1::uuid[]) and s.status = 'queued' and s.job_id is null
        and not exists (
          select 1 from submissions h
           where h.user_id = s.user_id and h.status in ('queued', 'running')
             and h.job_id is not null)
      order by s.user_id, s.created_at, s.id`,
    [userIds],
  );
  const next = rows as {
    id: string;
    user_id: string;
    language: JudgeLanguage;
    time_limit_ms: number;
    tests: number;
  }[];
  if (next.length === 0) return enqueued;
  const jobIds = await deps.queue.enqueueJudges(
    executeSql,
    next.map((n) => ({
      submissionId: n.id,
      leaseSeconds: leaseSeconds(
        { language: n.language, testCount: n.tests, timeLimitMs: n.time_limit_ms },
        deps.leaseMarginSeconds,
      ),
    })),
  );
  await executeSql(
    `update submissions s set job_id = x.job_id, enqueued_at = now()
       from unnest($1::uuid[], $2::uuid[]) as x(id, job_id)
      where s.id = x.id`,
    [next.map((n) => n.id), jobIds],
  );
  for (const n of next) enqueued.set(n.user_id, n.id);
  return enqueued;
}

/** enqueueNextFor for one student: the submission id enqueued, if any. */
export async function enqueueNextFor(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  userId: string,
): Promise<string | undefined> {
  return (await enqueueNextForEach(executeSql, deps, [userId])).get(userId);
}
