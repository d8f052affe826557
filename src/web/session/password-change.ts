/**
 * The password change a one-time password asks for (issue 33): the login answered
 * `mustChangePassword` and a token good only for choosing the new password. It is held here, in
 * sessionStorage (a reload of the "Choose a new password" page keeps it; closing the tab ends
 * it), never as the session: the student is not signed in until they have chosen.
 */
import { storageGetJson, storageRemove, storageSet } from '../lib/web-storage.ts';
import { isTokenLive } from './token-expiry.ts';

const KEY = 'portal.passwordChange';

export type PendingPasswordChange = { token: string; name: string; email: string };

export function holdPasswordChange(change: PendingPasswordChange): void {
  storageSet('session', KEY, JSON.stringify(change));
}

/** The change waiting for the student, or null when there is none or its token has expired. */
export function pendingPasswordChange(now = Date.now()): PendingPasswordChange | null {
  const value = storageGetJson('session', KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { token, name, email } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof name !== 'string' || typeof email !== 'string') {
    return null;
  }
  return isTokenLive(token, now) ? { token, name, email } : null;
}

export function clearPasswordChange(): void {
  storageRemove('session', KEY);
}
