import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';

/** Shown while a route loads (a lazy chunk, or the session restore from IndexedDB). */
export function PendingScreen() {
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{messages.loading}</span>
    </div>
  );
}
