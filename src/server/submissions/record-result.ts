/**
 * A judge job's outcome written once: only the job that owns the submission (`job_id`) may write,
 * and only while it is still waiting or running, so a job retried after its worker died, or one
 * made stale by a re-judge, writes nothing twice. The attempt's standing (best score and its
 * submission) follows in the same transaction, and the student's next waiting submission is
 * enqueued there too (fair-enqueue.ts).
 */
import type { DatabaseHandle } from '../db/connection.ts';
import { inTransaction, type ExecuteSql } from '../db/transaction.ts';
import { enqueueNextFor, lockStudent, type EnqueueDeps } from './fair-enqueue.ts';
import { replaceTestOutputs, type StoredTestOutput } from './test-outputs-store.ts';

export type JudgedOutcome = {
  verdict: string;
  passed: number;
  total: number;
  score: number;
  details: unknown;
  /** What the program printed per test, for staff (absent: none kept, earlier ones removed). */
  outputs?: readonly StoredTestOutput[];
};

export type Written = { userId: string; challengeId: string; next: string | undefined };

/**
 * Recomputes the standing's best from every submission of its sitting attempt to the challenge
 * that has a result (a submission waiting for a re-judge keeps its previous result until the new
 * one replaces it). The same challenge stands apart alone and in each exam.
 */
export async function refreshStanding(
  executeSql: ExecuteSql,
  sittingAttemptId: string,
  challengeId: string,
): Promise<void> {
  await executeSql(
    `update attempts a
        set best_score = b.score, best_submission_id = b.id
       from (select (select score from submissions
                      where sitting_attempt_id = $1 and challenge_id = $2 and verdict is not null
                      order by score desc, created_at, id limit 1) as score,
                    (select id from submissions
                      where sitting_attempt_id = $1 and challenge_id = $2 and verdict is not null
                      order by score desc, created_at, id limit 1) as id) b
      where a.sitting_attempt_id = $1 and a.challenge_id = $2`,
    [sittingAttemptId, challengeId],
  );
}

type Owner = { userId: string; challengeId: string; sittingAttemptId: string };

async function ownerOf(executeSql: ExecuteSql, submissionId: string): Promise<Owner | undefined> {
  const { rows } = await executeSql(
    'select user_id, challenge_id, sitting_attempt_id from submissions where id = $1',
    [submissionId],
  );
  const row = rows[0] as
    { user_id: string; challenge_id: string; sitting_attempt_id: string } | undefined;
  return (
    row && {
      userId: row.user_id,
      challengeId: row.challenge_id,
      sittingAttemptId: row.sitting_attempt_id,
    }
  );
}

/** Writes the result; undefined when this job no longer owns the submission (nothing written). */
export async function recordJudged(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: EnqueueDeps,
  submissionId: string,
  jobId: string,
  outcome: JudgedOutcome,
): Promise<Written | undefined> {
  return inTransaction(database, async ({ executeSql }) => {
    const owner = await ownerOf(executeSql, submissionId);
    if (!owner) return undefined;
    // The student's row first, as everywhere else that writes their submissions: no deadlocks.
    await lockStudent(executeSql, owner.userId);
    const updated = await executeSql(
      `update submissions
          set status = 'judged', verdict = $3, passed = $4, total = $5, score = $6,
              details = $7, judged_at = now()
        where id = $1 and job_id = $2 and status in ('queued', 'running')
        returning id`,
      [
        submissionId,
        jobId,
        outcome.verdict,
        outcome.passed,
        outcome.total,
        outcome.score,
        JSON.stringify(outcome.details),
      ],
    );
    if (updated.rows.length === 0) return undefined;
    await replaceTestOutputs(executeSql, submissionId, outcome.outputs ?? []);
    await refreshStanding(executeSql, owner.sittingAttemptId, owner.challengeId);
    const next = await enqueueNextFor(executeSql, deps, owner.userId);
    return { userId: owner.userId, challengeId: owner.challengeId, next };
  });
}

/** The judge gave up on it (its retries are spent): marked failed, and the student's queue moves on. */
export async function recordFailed(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: EnqueueDeps,
  submissionId: string,
  jobId: string,
): Promise<Written | undefined> {
  return inTransaction(database, async ({ executeSql }) => {
    const owner = await ownerOf(executeSql, submissionId);
    if (!owner) return undefined;
    await lockStudent(executeSql, owner.userId);
    const updated = await executeSql(
      `update submissions set status = 'failed', judged_at = now()
        where id = $1 and job_id = $2 and status in ('queued', 'running')
        returning id`,
      [submissionId, jobId],
    );
    if (updated.rows.length === 0) return undefined;
    const next = await enqueueNextFor(executeSql, deps, owner.userId);
    return { userId: owner.userId, challengeId: owner.challengeId, next };
  });
}
