/**
 * The student session (spec §3): {name, email, id, token} or null, held in a zustand store.
 * Every change is written to sessionStorage (the spec's home for it), mirrored to localStorage
 * (so a new tab or a restarted browser keeps it) and copied to IndexedDB as a backup (which
 * survives a cleared web storage). On start the first of the three holding a valid session wins.
 * IndexedDB is asynchronous, so `ready` resolves once the restore is complete; routes await it
 * before deciding redirects. A `storage` event from another tab that removes the session logs
 * this tab out too.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { UserSession } from '../../contract/session.ts';
import { idbDelete, idbGet, idbSet } from '../lib/idb.ts';
import { storageGet, storageRemove, storageSet } from '../lib/web-storage.ts';
import { parseStoredSession, parseValidSession } from './token-expiry.ts';

export const SESSION_KEY = 'portal.session';

export type SessionState = { session: UserSession | null };

export type SessionStore = {
  store: StoreApi<SessionState>;
  /** Resolves once the session has been restored (from web storage at once, or from IndexedDB). */
  ready: Promise<void>;
  /** Stores a new session in the state and all three copies. */
  setSession(session: UserSession): void;
  /** Clears the state and all three copies (Log Out). */
  logOut(): void;
  /** The session if its token is still valid now; an expired one is logged out and null returned. */
  currentValidSession(): UserSession | null;
  /** Stops listening to other tabs (tests). */
  dispose(): void;
};

export type SessionStoreOptions = {
  now?: () => number;
  /** Where cross-tab `storage` events arrive; none in tests that do not need them. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

function writeCopies(session: UserSession): void {
  const json = JSON.stringify(session);
  storageSet('session', SESSION_KEY, json);
  storageSet('local', SESSION_KEY, json);
  void idbSet(SESSION_KEY, session);
}

function clearCopies(): void {
  storageRemove('session', SESSION_KEY);
  storageRemove('local', SESSION_KEY);
  void idbDelete(SESSION_KEY);
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  // Read Date.now at each use, so a faked clock (tests, Playwright) is honoured.
  const now = options.now ?? (() => Date.now());
  const store = createStore<SessionState>(() => ({ session: null }));
  // Bumped by every change, so a slow IndexedDB read cannot overwrite a newer log in or log out.
  let revision = 0;

  const setSession = (session: UserSession) => {
    revision += 1;
    writeCopies(session);
    store.setState({ session });
  };

  const logOut = () => {
    revision += 1;
    clearCopies();
    store.setState({ session: null });
  };

  const restored =
    parseStoredSession(storageGet('session', SESSION_KEY), now()) ??
    parseStoredSession(storageGet('local', SESSION_KEY), now());
  if (restored) {
    // Re-mirror so that all three copies agree with the one that won.
    writeCopies(restored);
    store.setState({ session: restored });
  }

  const ready: Promise<void> = restored
    ? Promise.resolve()
    : (async () => {
        const startedAt = revision;
        const backup = parseValidSession(await idbGet(SESSION_KEY), now());
        if (revision !== startedAt) return;
        if (backup) {
          writeCopies(backup);
          store.setState({ session: backup });
        } else {
          // Nothing valid anywhere: drop expired or damaged copies.
          clearCopies();
        }
      })();

  const onStorage = (event: Event) => {
    if (!(event instanceof StorageEvent) || event.key !== SESSION_KEY) return;
    if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
    if (event.newValue === null) {
      // Logged out in another tab: that tab already cleared localStorage and IndexedDB.
      revision += 1;
      storageRemove('session', SESSION_KEY);
      store.setState({ session: null });
      return;
    }
    const incoming = parseStoredSession(event.newValue, now());
    if (incoming) {
      revision += 1;
      storageSet('session', SESSION_KEY, event.newValue);
      store.setState({ session: incoming });
    }
  };
  options.events?.addEventListener('storage', onStorage);

  return {
    store,
    ready,
    setSession,
    logOut,
    currentValidSession() {
      const { session } = store.getState();
      if (!session) return null;
      if (parseValidSession(session, now())) return session;
      logOut();
      return null;
    },
    dispose() {
      options.events?.removeEventListener('storage', onStorage);
    },
  };
}
