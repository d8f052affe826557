/** The app's one session store, and the hooks and helpers screens and routes use. */
import { useStore } from 'zustand';
import type { UserSession } from '../../contract/session.ts';
import { onTokenRefused } from '../lib/token-refusals.ts';
import { createSessionStore } from './session-store.ts';

// No window in the build's prerender of the first screens, which renders them signed out.
const session = createSessionStore(typeof window === 'undefined' ? {} : { events: window });
// The server no longer takes the session's token: this browser is signed out too, back to step 1.
onTokenRefused(session.endIfRefused);

export function useSession(): UserSession | null {
  return useStore(session.store, (state) => state.session);
}

/** Await in a route's beforeLoad before deciding where the student belongs. */
export function sessionReady(): Promise<void> {
  return session.ready;
}

export const setSession = session.setSession;
/** Signs this browser out only (a password just reset, whose server side is done already). */
export const logOut = session.logOut;

/**
 * Log Out: this browser at once, and every device through the server (server-logout.ts, loaded
 * only when used, so the first screen does not download the call's schemas).
 */
export function logOutEverywhere(): void {
  const token = session.store.getState().session?.token;
  session.logOut();
  if (token)
    void import('./server-logout.ts')
      .then(({ endServerSession }) => endServerSession(token))
      .catch(() => undefined)
      // A campus sign-on's session then ends at the provider too (after the server's, which a
      // navigation away would cut short).
      .then(() => import('./sso-sign-in.ts'))
      .then(({ leaveThroughProviderLogout }) => leaveThroughProviderLogout('student', token))
      .catch(() => undefined);
}
export const currentValidSession = session.currentValidSession;
