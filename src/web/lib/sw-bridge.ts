/**
 * The page's side of the service worker (sw/): registers it through workbox-window and tells the
 * app, as a tiny external store, whether a new version is waiting. Nothing here reloads the page
 * by itself: only applyUpdate(), called by the update prompt's Reload button, does.
 */
import type { Workbox } from 'workbox-window';

/**
 * 'waiting': a new worker is installed and waits for the user. 'active-elsewhere': another tab
 * let it take over, so this page runs the old build under the new worker until it reloads.
 */
export type UpdateState = 'none' | 'waiting' | 'active-elsewhere';

/** How often an open page asks the server for a new worker (labs keep pages open for hours). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

let state: UpdateState = 'none';
let workbox: Workbox | undefined;
let reloadRequested = false;
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getUpdateState(): UpdateState {
  return state;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (state === 'waiting' && workbox) {
    reloadRequested = true;
    workbox.messageSkipWaiting();
  } else {
    window.location.reload();
  }
}

/**
 * Waits for the page's `load` (Workbox registers only then anyway) and only then loads
 * workbox-window: the worker matters for the next visit and for updates, not for the first screen,
 * whose downloads it would otherwise compete with.
 */
export async function registerServiceWorker(scriptUrl = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  let WorkboxClass: typeof Workbox;
  try {
    ({ Workbox: WorkboxClass } = await import('workbox-window'));
  } catch {
    // Offline before the worker was ever installed: the next online visit registers it.
    return;
  }
  const wb = new WorkboxClass(scriptUrl, { type: 'module' });
  workbox = wb;
  wb.addEventListener('waiting', () => setState('waiting'));
  wb.addEventListener('controlling', (event) => {
    if (reloadRequested) window.location.reload();
    // The first install taking control is not an update: nothing to tell the user.
    else if (event.isUpdate) setState('active-elsewhere');
  });
  const checkForUpdate = () => {
    wb.update().catch(() => undefined);
  };
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, UPDATE_CHECK_MS);
  // A worker that cannot register (private mode, broken storage) must not break the app.
  wb.register().catch(() => undefined);
}
