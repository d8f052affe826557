/**
 * The judge job handler, the same in the server's in-process workers and in `npm run worker`:
 * takes the submission its job owns, marks it running, judges it on the challenge's current tests
 * and writes the result once (record-result.ts). A judge fault (Internal Error, no sandbox) throws,
 * so the queue retries the job (not when the challenge's checker program failed: the same checker
 * fails the same way, the submission is marked failed at once); when its retries are spent, the dead-letter handler marks the
 * submission failed and the student's queue moves on. Every step is announced on the change feed.
 */
import { z } from 'zod';
import { languages } from '../../contract/challenges.ts';
import type { SubmissionStatus } from '../../contract/compiler.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import { judgeRequestFor } from '../challenges/judge-request.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import type { JudgeJob } from '../queue/job-queue.ts';
import type { EnqueueDeps } from './fair-enqueue.ts';
import { recordFailed, recordJudged, type Written } from './record-result.ts';
import { detailsFrom } from './submission-details.ts';
import { keptOutputs } from './test-outputs-store.ts';

export type JudgeJobDeps = EnqueueDeps & {
  database: Pick<DatabaseHandle, 'db' | 'pool'>;
  judge: JudgeService;
  feed: ChangeFeed;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

type Claimed = { userId: string; challengeId: string; language: string; code: string };

class JudgeFault extends Error {}

async function claim(
  deps: JudgeJobDeps,
  submissionId: string,
  jobId: string,
): Promise<Claimed | undefined> {
  const { rows } = await deps.database.pool.query(
    `update submissions set status = 'running'
      where id = $1 and job_id = $2 and status in ('queued', 'running')
      returning user_id, challenge_id, language, code`,
    [submissionId, jobId],
  );
  const row = rows[0] as
    { user_id: string; challenge_id: string; language: string; code: string } | undefined;
  return (
    row && {
      userId: row.user_id,
      challengeId: row.challenge_id,
      language: row.language,
      code: row.code,
    }
  );
}

async function announce(
  deps: JudgeJobDeps,
  submissionId: string,
  owner: { userId: string; challengeId: string },
  status: SubmissionStatus,
): Promise<void> {
  await deps.feed
    .publish({ type: 'submission', submissionId, status, ...owner })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'change feed publish failed'));
}

/** The result, and the student's next submission if one was enqueued (news to idle workers). */
async function announceWritten(
  deps: JudgeJobDeps,
  submissionId: string,
  written: Written,
  status: 'judged' | 'failed',
) {
  await announce(deps, submissionId, written, status);
  if (written.next) {
    await announce(deps, written.next, written, 'queued');
    deps.queue.wake();
  }
}

export function createJudgeJobHandler(deps: JudgeJobDeps) {
  /** True when this job wrote the submission's result. */
  return async function handleJudgeJob(job: JudgeJob): Promise<boolean> {
    const submissionId = job.data.submissionId;
    const claimed = await claim(deps, submissionId, job.data.jobId);
    // Judged already (a retry after the result was written), re-judged since, or deleted.
    if (!claimed) return false;
    await announce(deps, submissionId, claimed, 'running');
    const challenge = await findChallenge(deps.database.db, claimed.challengeId);
    if (!challenge) return false;
    const result = await deps.judge.judge(
      judgeRequestFor(challenge, {
        language: z.enum(languages).catch(challenge.language).parse(claimed.language),
        code: claimed.code,
      }),
    );
    if (result.verdict === 'Internal Error') {
      deps.log.error(
        { submissionId, jobId: job.data.jobId, internalMessage: result.internalMessage },
        'judge internal error',
      );
      // The teacher's checker failed: judging again would cost its limits again for the same
      // answer, so the submission is marked failed at once (the teacher re-judges it once the
      // checker is fixed). Any other judge fault is retried.
      if (result.checkerFailed) {
        const failed = await recordFailed(deps.database, deps, submissionId, job.data.jobId);
        if (!failed) return false;
        await announceWritten(deps, submissionId, failed, 'failed');
        return true;
      }
      throw new JudgeFault(result.internalMessage ?? 'judge internal error');
    }
    const written = await recordJudged(deps.database, deps, submissionId, job.data.jobId, {
      verdict: result.verdict,
      passed: result.passed,
      total: result.total,
      score: result.score,
      details: detailsFrom(
        result,
        challenge.testCases,
        challenge.score,
        challenge.compare,
        challenge.testGroups,
        challenge.grading,
      ),
      outputs: keptOutputs(result),
    });
    if (!written) return false;
    await announceWritten(deps, submissionId, written, 'judged');
    return true;
  };
}

/** For jobs whose retries are spent or whose last lease expired: the judge gives up on them. */
export function createDeadJobHandler(deps: JudgeJobDeps) {
  return async function handleDeadJob(job: JudgeJob): Promise<void> {
    // The dead-letter copy has an id of its own; the submission names the original job.
    const { submissionId, jobId } = job.data;
    const written = await recordFailed(deps.database, deps, submissionId, jobId);
    if (written) await announceWritten(deps, submissionId, written, 'failed');
  };
}
