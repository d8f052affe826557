/**
 * One submission's "Re-judge" in the submissions dialog (issue 13 item 4). The server queues it
 * again; the dialog then fetches the list anew and keeps refreshing while it is queued or being
 * judged, so its new status and result appear by themselves. The button is aria-disabled rather
 * than disabled while busy, so keyboard focus stays on it.
 */
import { useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { TeacherSubmission } from '../../../contract/results.ts';
import { requestRejudge } from '../../lib/judge-queue-api.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';

type Props = {
  token: string;
  submission: TeacherSubmission;
  onQueued: (submission: TeacherSubmission) => void;
};

export function RejudgeSubmissionButton({ token, submission, onQueued }: Props) {
  const [sending, setSending] = useState(false);
  // Waiting or running already: the server would have nothing to re-judge.
  const pending = submission.status === 'queued' || submission.status === 'running';
  const busy = sending || pending;

  async function rejudge() {
    if (busy) return;
    setSending(true);
    try {
      const answer = await requestRejudge(token, { submissionId: submission.submissionId });
      showSuccess(answer.message);
      onQueued(submission);
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      className="button button--secondary submissions__rejudge"
      aria-label={messages.rejudgeOneLabel.replace('{n}', String(submission.number))}
      aria-disabled={busy}
      onClick={() => void rejudge()}
    >
      {sending ? messages.rejudgeSending : messages.rejudgeOne}
    </button>
  );
}

/** Submission id → its judgedAt when its re-judge was asked for. */
export type RejudgeWatch = ReadonlyMap<string, string | null>;

/** Judged (or failed) again since its re-judge was asked for. */
export function judgedAgain(submission: TeacherSubmission, watch: RejudgeWatch): boolean {
  if (!watch.has(submission.submissionId)) return false;
  const settled = submission.status === 'judged' || submission.status === 'failed';
  return settled && submission.judgedAt !== watch.get(submission.submissionId);
}

/** What the dialog's live region says about the latest re-judge that came back. */
export function rejudgeAnnouncement(
  submissions: readonly TeacherSubmission[],
  watch: RejudgeWatch,
  score: (value: number) => string,
): string {
  const ids = [...watch.keys()].reverse();
  for (const id of ids) {
    const s = submissions.find((candidate) => candidate.submissionId === id);
    if (!s || !judgedAgain(s, watch)) continue;
    const n = String(s.number);
    return s.status === 'failed' || s.verdict === null
      ? messages.rejudgeOneFailed.replace('{n}', n)
      : messages.rejudgeOneDone
          .replace('{n}', n)
          .replace('{verdict}', s.verdict)
          .replace('{score}', score(s.score))
          .replace('{max}', String(s.maxScore));
  }
  return '';
}
