/**
 * The note under Run and Submit while the browser is offline. Once a submission waits on this
 * computer it says so: after Submit the page used to say only "Run needs the network", and a
 * teacher read that as the submission lost (issue 30). The note repeats Submit's toast, which
 * is gone after 5 s; Run still says it needs the network in its toast when pressed.
 */
import { messages } from '../../../contract/messages.ts';

export function OfflineNote({ online, waiting }: { online: boolean; waiting: number }) {
  // The live region stays in the page, so the note appearing or changing is announced.
  return (
    <div className="compiler__offline-region" role="status">
      {online ? null : (
        <p
          className={
            waiting > 0 ? 'compiler__offline compiler__offline--kept' : 'compiler__offline'
          }
          data-testid="offline-note"
        >
          {waiting > 0 ? messages.submissionQueued : messages.runNeedsNetwork}
        </p>
      )}
    </div>
  );
}
