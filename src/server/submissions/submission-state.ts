/** A stored submission as the student's page sees it: queued with its place, running, judged or failed. */
import type { SubmissionState } from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/connection.ts';
import { toSubmissionResult } from './submission-details.ts';
import { queuePosition, submissionStats, type SubmissionRow } from './submission-queries.ts';

export async function submissionState(db: Db, row: SubmissionRow): Promise<SubmissionState> {
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
      return { status: 'judged', ...toSubmissionResult(row, bestScore ?? row.score) };
    }
  }
}

/** Whether the page should stop waiting: the judge has nothing more to say about it. */
export const isFinal = (status: SubmissionRow['status']) =>
  status === 'judged' || status === 'failed';
