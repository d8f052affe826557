/**
 * The student session (spec §3): {name, email, id, token} or null, held in a zustand store.
 * Every change is written to sessionStorage (the spec's home for it), mirrored to localStorage
 * (so a new tab or a restarted browser keeps it) and copied to IndexedDB as a backup (which
 * survives a cleared web storage). On start the first of the three holding a valid session wins.
 * The restore is asynchronous (IndexedDB is, and the check of a stored copy loads the session
 * schema, with zod, only when there is a copy to check: a visitor's first screen never needs it),
 * so `ready` resolves once it is complete; routes await it before deciding what to show. A
 * `storage` event from another tab that removes the session logs this tab out too, and so does
 * the server refusing the session's token (`endIfRefused`: the administrator signed the student
 * out everywhere, or the password was reset elsewhere).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { UserSession } from '../../contract/session.ts';
import { idbDelete, idbGet, idbSet } from '../lib/idb.ts';
import { storageGet, storageRemove, storageSet } from '../lib/web-storage.ts';
import { isTokenLive } from './token-expiry.ts';

const loadChecks = () => import('./stored-session.ts');

export const SESSION_KEY = 'portal.session';

export type SessionState = { session: UserSession | null };

export type SessionStore = {
  store: StoreApi<SessionState>;
  /** Resolves once the session has been restored (from web storage, else from IndexedDB). */
  ready: Promise<void>;
  /** Stores a new session in the state and all three copies. */
  setSession(session: UserSession): void;
  /** Clears the state and all three copies (Log Out). */
  logOut(): void;
  /** The session if its token is still valid now; an expired one is logged out and null returned. */
  currentValidSession(): UserSession | null;
  /**
   * Told of a token the server refused (401): logs out if it is this session's token, not an
   * older one (a refusal arriving after a new sign-in leaves the new session alone).
   */
  endIfRefused(token: string): void;
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

  const ready: Promise<void> = (async () => {
    const startedAt = revision;
    const sessionCopy = storageGet('session', SESSION_KEY);
    const localCopy = storageGet('local', SESSION_KEY);
    // IndexedDB is read only when web storage holds nothing usable, as it is the slowest.
    let checks: Awaited<ReturnType<typeof loadChecks>> | undefined;
    if (sessionCopy !== null || localCopy !== null) {
      checks = await loadChecks();
      const restored =
        checks.parseStoredSession(sessionCopy, now()) ??
        checks.parseStoredSession(localCopy, now());
      if (revision !== startedAt) return;
      if (restored) {
        // Re-mirror so that all three copies agree with the one that won.
        writeCopies(restored);
        store.setState({ session: restored });
        return;
      }
    }
    const stored = await idbGet(SESSION_KEY);
    if (stored !== undefined) checks ??= await loadChecks();
    const backup = checks && stored !== undefined ? checks.parseValidSession(stored, now()) : null;
    if (revision !== startedAt) return;
    if (backup) {
      writeCopies(backup);
      store.setState({ session: backup });
    } else if (sessionCopy !== null || localCopy !== null || stored !== undefined) {
      // Nothing valid anywhere: drop expired or damaged copies.
      clearCopies();
    }
  })().catch(() => {
    // The check could not be loaded (offline before the app was cached): start signed out, as
    // the server would refuse a session this page cannot check anyway.
  });

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
    // Logged in (or again) in another tab: check the copy before taking it over.
    const text = event.newValue;
    const startedAt = revision;
    void loadChecks()
      .then(({ parseStoredSession }) => {
        const incoming = parseStoredSession(text, now());
        if (!incoming || revision !== startedAt) return;
        revision += 1;
        storageSet('session', SESSION_KEY, text);
        store.setState({ session: incoming });
      })
      .catch(() => undefined);
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
      // Its shape was checked when it was set or restored; only time can have spoilt it since.
      if (isTokenLive(session.token, now())) return session;
      logOut();
      return null;
    },
    endIfRefused(token) {
      if (store.getState().session?.token === token) logOut();
    },
    dispose() {
      options.events?.removeEventListener('storage', onStorage);
    },
  };
}
