/**
 * "Re-judge all submissions" for the chosen challenge (issue 13 item 4), after a teacher fixed a
 * test: a confirmation that says what happens, the server's answer in a toast, then the progress
 * (a bar and "N of M left" in a polite live region) until every submission has its new result.
 * The table below follows by its own polling.
 */
import { useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { requestRejudge } from '../../lib/judge-queue-api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { useRejudgeProgress, type RejudgeProgress } from './use-rejudge-progress.ts';

type Props = { token: string; challengeId: string };

export function RejudgeChallenge({ token, challengeId }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const { progress, started } = useRejudgeProgress(token, challengeId);

  async function rejudgeAll() {
    setConfirming(false);
    setSending(true);
    try {
      const answer = await requestRejudge(token, { challengeId });
      showSuccess(answer.message);
      started(answer.queued);
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="rejudge">
      <button
        type="button"
        className="button button--secondary"
        disabled={sending || progress.state === 'running'}
        onClick={() => setConfirming(true)}
      >
        {sending ? messages.rejudgeSending : messages.rejudgeAllButton}
      </button>
      <RejudgeProgressLine progress={progress} />
      <ConfirmDialog
        open={confirming}
        title={messages.rejudgeAllTitle.replace('{challengeId}', challengeId)}
        confirmLabel={messages.rejudgeAllConfirm}
        onConfirm={() => void rejudgeAll()}
        onCancel={() => setConfirming(false)}
      >
        {messages.rejudgeAllBody}
      </ConfirmDialog>
    </div>
  );
}

/** Always in the document, so the live region exists before its first message. */
function RejudgeProgressLine({ progress }: { progress: RejudgeProgress }) {
  return (
    <div className="rejudge__progress" data-testid="rejudge-progress">
      <p
        className={
          progress.state === 'finished' ? 'rejudge__text rejudge__text--done' : 'rejudge__text'
        }
        role="status"
        aria-atomic="true"
      >
        {progress.state === 'running'
          ? messages.rejudgeProgress
              .replace('{left}', String(progress.left))
              .replace('{total}', String(progress.total))
          : progress.state === 'finished'
            ? messages.rejudgeFinished.replace('{total}', String(progress.total))
            : ''}
      </p>
      {progress.state === 'running' ? (
        <progress
          aria-label={messages.rejudgeProgressLabel}
          max={progress.total}
          value={progress.total - progress.left}
        />
      ) : null}
    </div>
  );
}
