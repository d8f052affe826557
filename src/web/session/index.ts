/** The app's one session store, and the hooks and helpers screens and routes use. */
import { useStore } from 'zustand';
import type { UserSession } from '../../contract/session.ts';
import { createSessionStore } from './session-store.ts';

const session = createSessionStore({ events: window });

export function useSession(): UserSession | null {
  return useStore(session.store, (state) => state.session);
}

/** Await in a route's beforeLoad before deciding where the student belongs. */
export function sessionReady(): Promise<void> {
  return session.ready;
}

export const setSession = session.setSession;
export const logOut = session.logOut;
export const currentValidSession = session.currentValidSession;
