import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idbDelete, idbGet, idbSet } from '../lib/idb.ts';
import { SESSION_KEY, createSessionStore, type SessionStore } from './session-store.ts';
import { HOUR_MS, fakeSession } from './test-tokens.ts';

const stores: SessionStore[] = [];
function makeStore(options: Parameters<typeof createSessionStore>[0] = {}): SessionStore {
  const store = createSessionStore(options);
  stores.push(store);
  return store;
}

/** IndexedDB writes are fire-and-forget; wait until the backup holds what we expect. */
async function expectBackup(expected: unknown): Promise<void> {
  await vi.waitFor(async () => expect(await idbGet(SESSION_KEY)).toEqual(expected), {
    timeout: 2000,
  });
}

beforeEach(async () => {
  await idbDelete(SESSION_KEY);
});

afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
});

describe('session store', () => {
  it('starts logged out when nothing is stored, and ready resolves', async () => {
    const store = makeStore();
    await store.ready;
    expect(store.store.getState().session).toBeNull();
  });

  it('writes a new session to sessionStorage, localStorage and IndexedDB', async () => {
    const store = makeStore();
    await store.ready;
    const session = fakeSession();
    store.setSession(session);
    expect(store.store.getState().session).toEqual(session);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session);
    await expectBackup(session);
  });

  it('restores from sessionStorage first, before localStorage and IndexedDB', async () => {
    const fromSession = fakeSession({ name: 'from session' });
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(fromSession));
    localStorage.setItem(SESSION_KEY, JSON.stringify(fakeSession({ name: 'from local' })));
    await idbSet(SESSION_KEY, fakeSession({ name: 'from idb' }));
    const store = makeStore();
    await store.ready;
    expect(store.store.getState().session).toEqual(fromSession);
  });

  it('falls back to localStorage when sessionStorage holds nothing valid, and re-mirrors it', async () => {
    sessionStorage.setItem(
      SESSION_KEY,
      JSON.stringify(fakeSession({ name: 'expired' }, Date.now() - HOUR_MS)),
    );
    const fromLocal = fakeSession({ name: 'from local' });
    localStorage.setItem(SESSION_KEY, JSON.stringify(fromLocal));
    const store = makeStore();
    await store.ready;
    expect(store.store.getState().session).toEqual(fromLocal);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(fromLocal);
    await expectBackup(fromLocal);
  });

  it('falls back to IndexedDB when both web storages are empty; ready waits for it', async () => {
    const fromIdb = fakeSession({ name: 'from idb' });
    await idbSet(SESSION_KEY, fromIdb);
    const store = makeStore();
    expect(store.store.getState().session).toBeNull();
    await store.ready;
    expect(store.store.getState().session).toEqual(fromIdb);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(fromIdb);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(fromIdb);
  });

  it('ignores invalid copies (broken JSON, wrong shape, expired) and uses the next valid one', async () => {
    sessionStorage.setItem(SESSION_KEY, '{broken');
    localStorage.setItem(SESSION_KEY, JSON.stringify({ name: 'no token' }));
    const fromIdb = fakeSession({ name: 'from idb' });
    await idbSet(SESSION_KEY, fromIdb);
    const store = makeStore();
    await store.ready;
    expect(store.store.getState().session).toEqual(fromIdb);
  });

  it('stays logged out when every copy is invalid, and drops the dead copies', async () => {
    const expired = fakeSession({}, Date.now() - 1000);
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(expired));
    localStorage.setItem(SESSION_KEY, JSON.stringify(expired));
    await idbSet(SESSION_KEY, expired);
    const store = makeStore();
    await store.ready;
    expect(store.store.getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await expectBackup(undefined);
  });

  it('does not let a slow IndexedDB restore overwrite a log in made meanwhile', async () => {
    await idbSet(SESSION_KEY, fakeSession({ name: 'old backup' }));
    const store = makeStore();
    const fresh = fakeSession({ name: 'fresh login' });
    store.setSession(fresh);
    await store.ready;
    expect(store.store.getState().session).toEqual(fresh);
  });

  it('Log Out clears the state and all three copies', async () => {
    const store = makeStore();
    await store.ready;
    const session = fakeSession();
    store.setSession(session);
    await expectBackup(session);
    store.logOut();
    expect(store.store.getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await expectBackup(undefined);
  });

  it('logs out when the server refuses its token, but not for an older token', async () => {
    const store = makeStore();
    await store.ready;
    const older = fakeSession({ id: 'old' }, Date.now() + HOUR_MS);
    const session = fakeSession({}, Date.now() + 2 * HOUR_MS);
    store.setSession(session);
    await expectBackup(session);
    // A refusal of a token this browser no longer holds (signed in again since) changes nothing.
    store.endIfRefused(older.token);
    expect(store.store.getState().session).toEqual(session);
    store.endIfRefused(session.token);
    expect(store.store.getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await expectBackup(undefined);
  });

  it('currentValidSession logs out once the token has expired', async () => {
    let now = Date.now();
    const store = makeStore({ now: () => now });
    await store.ready;
    const session = fakeSession({}, now + HOUR_MS);
    store.setSession(session);
    expect(store.currentValidSession()).toEqual(session);
    now += 2 * HOUR_MS;
    expect(store.currentValidSession()).toBeNull();
    expect(store.store.getState().session).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('logs this tab out when another tab logs out (storage event)', async () => {
    const store = makeStore({ events: window });
    await store.ready;
    store.setSession(fakeSession());
    localStorage.removeItem(SESSION_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: SESSION_KEY,
        oldValue: 'x',
        newValue: null,
        storageArea: localStorage,
      }),
    );
    expect(store.store.getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('follows a log in made in another tab, and ignores other keys and invalid values', async () => {
    const store = makeStore({ events: window });
    await store.ready;
    const other = fakeSession({ name: 'other tab' });
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'unrelated', newValue: null, storageArea: localStorage }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: SESSION_KEY,
        newValue: '{broken',
        storageArea: localStorage,
      }),
    );
    expect(store.store.getState().session).toBeNull();
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: SESSION_KEY,
        newValue: JSON.stringify(other),
        storageArea: localStorage,
      }),
    );
    // The copy is checked (by a lazily loaded module) before it is taken over.
    await vi.waitFor(() => expect(store.store.getState().session).toEqual(other));
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(other);
  });
});
