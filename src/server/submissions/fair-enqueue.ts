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

export type EnqueueDeps = {
  queue: JobQueue;
  leaseMarginSeconds: number;
  /** CHECKER_TIME_LIMIT_SECONDS in ms (default: the contract's): a checker's runs count in a lease. */
  checkerTimeLimitMs?: number | undefined;
};

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

/** A job portal_assign_judge_jobs gave out (migration 0006), as the database returns it. */
export type AssignedJob = {
  submission_id: string;
  user_id: string;
  job_id: string;
  language: JudgeLanguage;
  time_limit_ms: number;
  tests: number;
  /** Null unless the challenge's outputs are judged by a checker program (migration 0008). */
  checker_language: JudgeLanguage | null;
};

/** Sends the assigned jobs to the queue, in the caller's transaction; student -> submission. */
export async function sendAssignedJobs(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  jobs: readonly AssignedJob[],
): Promise<Map<string, string>> {
  await deps.queue.enqueueJudges(
    executeSql,
    jobs.map((j) => ({
      jobId: j.job_id,
      submissionId: j.submission_id,
      leaseSeconds: leaseSeconds(
        {
          language: j.language,
          testCount: j.tests,
          timeLimitMs: j.time_limit_ms,
          checkerLanguage: j.checker_language ?? undefined,
          checkerTimeLimitMs: deps.checkerTimeLimitMs,
        },
        deps.leaseMarginSeconds,
      ),
    })),
  );
  return new Map(jobs.map((j) => [j.user_id, j.submission_id]));
}

/**
 * For each student, enqueues their oldest waiting submission unless one of theirs already holds a
 * job (the rule is portal_assign_judge_jobs, in migration 0006, shared with Submit's batch write).
 * Call inside a transaction that has locked the students. Returns student -> the submission id
 * enqueued for them. Jobs sent together start in the same instant, so among themselves the queue
 * takes them in no particular order: they arrived together.
 */
export async function enqueueNextForEach(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await executeSql(
    `select submission_id::text as submission_id, user_id::text as user_id, job_id::text as job_id,
            language, time_limit_ms, tests, checker_language
       from portal_assign_judge_jobs($1::uuid[])`,
    [userIds],
  );
  return sendAssignedJobs(executeSql, deps, rows as AssignedJob[]);
}

/** enqueueNextFor for one student: the submission id enqueued, if any. */
export async function enqueueNextFor(
  executeSql: ExecuteSql,
  deps: EnqueueDeps,
  userId: string,
): Promise<string | undefined> {
  return (await enqueueNextForEach(executeSql, deps, [userId])).get(userId);
}
