/** A banner across the top of every page while the browser reports no network (online/offline). */
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { useOnline } from '../lib/online.ts';
import './styles/pwa.css';

export function OfflineBanner() {
  const offline = !useOnline();
  // The live region stays in the page so that the text appearing in it is announced.
  return (
    <div className="offline-banner-region" role="status" aria-live="polite">
      {offline ? (
        <p className="offline-banner" data-testid="offline-banner">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M2 5.5a9 9 0 0 1 12 0M4.2 8.2a6 6 0 0 1 7.6 0M6.4 10.8a3 3 0 0 1 3.2 0M2 2l12 12"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          <span>{messages.offlineBanner}</span>
        </p>
      ) : null}
    </div>
  );
}
