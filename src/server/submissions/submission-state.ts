/** A stored submission as the student's page sees it: queued with its place, running, judged or failed. */
import type { SubmissionState } from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/connection.ts';
import { gateState, releasedForAttempt, type ReleaseClock } from '../grading/student-release.ts';
import { toSubmissionResult } from './submission-details.ts';
import { queuePosition, submissionStats, type SubmissionRow } from './submission-queries.ts';

/** The student's answer: a judged one only once its results are released (grading/). */
export async function submissionState(
  db: Db,
  row: SubmissionRow,
  clock: ReleaseClock,
): Promise<SubmissionState> {
  const base = {
    submissionId: row.id,
    challengeId: row.challengeId,
    createdAt: row.createdAt.toISOString(),
  };
  switch (row.status) {
    case 'queued':
      return { status: 'queued', ...base, position: await queuePosition(db, row) };
    case 'running':
      return { status: 'running', ...base };
    case 'failed':
      return { status: 'failed', ...base, message: messages.submissionGaveUp };
    case 'judged': {
      const { bestScore } = await submissionStats(db, row.sittingAttemptId, row.challengeId);
      const judged = {
        status: 'judged' as const,
        ...toSubmissionResult(row, bestScore ?? row.score),
      };
      return gateState(judged, await releasedForAttempt(db, clock, row.sittingAttemptId));
    }
  }
}

/** Whether the page should stop waiting: the judge has nothing more to say about it. */
export const isFinal = (status: SubmissionRow['status']) =>
  status === 'judged' || status === 'failed';
