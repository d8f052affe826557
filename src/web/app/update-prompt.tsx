/**
 * 'A new version is available' with a Reload button, shown when a new service worker waits. It is
 * announced politely and never takes focus or reloads by itself: a student mid-test decides.
 */
import { useSyncExternalStore } from 'react';
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { applyUpdate, getUpdateState, subscribeUpdate } from '../lib/sw-bridge.ts';
import './styles/pwa.css';

export function UpdatePrompt() {
  // No update is waiting in the prerendered first screen, nor while it hydrates.
  const update = useSyncExternalStore(subscribeUpdate, getUpdateState, () => 'none');
  // The live region stays in the page so that the text appearing in it is announced.
  return (
    <div className="update-prompt-region" role="status" aria-live="polite">
      {update === 'none' ? null : (
        <div className="update-prompt" data-testid="update-prompt">
          <div className="update-prompt__text">
            <p className="update-prompt__title">{messages.updateAvailable}</p>
            <p className="update-prompt__hint">{messages.updateLater}</p>
          </div>
          <button type="button" className="button button--primary" onClick={applyUpdate}>
            {messages.updateReload}
          </button>
        </div>
      )}
    </div>
  );
}
