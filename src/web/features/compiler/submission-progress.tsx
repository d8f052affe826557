/** The latest submission while the judge works on it: its place in line, or that it is running. */
import type { SubmissionState } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';

export function SubmissionProgress({
  state,
  awaitingNetwork,
}: {
  state: SubmissionState | undefined;
  awaitingNetwork: boolean;
}) {
  if (!state || (state.status !== 'queued' && state.status !== 'running')) return null;
  const text = awaitingNetwork
    ? messages.submissionAwaitingNetwork
    : state.status === 'queued'
      ? messages.submissionInLine.replace('{position}', String(state.position))
      : messages.submissionBeingJudged;
  return (
    <p
      className="submission-progress"
      data-testid="submission-progress"
      data-status={state.status}
      role="status"
    >
      <span className="submission-progress__spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
