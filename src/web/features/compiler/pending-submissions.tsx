/** Submissions made offline that are still waiting for the network. */
import { messages } from '../../../contract/messages.ts';
import type { QueuedSubmission } from './submission-queue.ts';

export function PendingSubmissions({ pending }: { pending: QueuedSubmission[] }) {
  if (pending.length === 0) return null;
  return (
    <ul
      className="queued-submissions"
      aria-label={messages.submissionsPending.replace('{count}', String(pending.length))}
    >
      {pending.map((p) => (
        <li
          key={p.submissionId}
          className="queued-submissions__item"
          data-testid="pending-submission"
        >
          {messages.submissionPending.replace('{time}', new Date(p.queuedAt).toLocaleTimeString())}
        </li>
      ))}
    </ul>
  );
}
