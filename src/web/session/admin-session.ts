/**
 * The administrator's session. As the spec says, the admin flag lives in localStorage; next to it
 * we keep the admin token the server issued (DESIGN.md §3), since the flag alone proves nothing to
 * the server. Logout removes both. A token that has expired counts as signed out, and so does one
 * the server refuses (401: the administrator's sessions were ended elsewhere, by Logout on another
 * device or `npm run admin -- reset-password`); the dashboard then returns to /admin.
 */
import { createStore, useStore } from 'zustand';
import { z } from 'zod';
import { onTokenRefused } from '../lib/token-refusals.ts';
import { storageGet, storageRemove, storageSet } from '../lib/web-storage.ts';
import { tokenExpiresAt } from './token-expiry.ts';

export const ADMIN_FLAG_KEY = 'isAdmin';
export const ADMIN_TOKEN_KEY = 'portal.adminToken';

const adminSessionSchema = z.object({ email: z.string(), token: z.string().min(1) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

function isLive(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt > now;
}

function readStored(now: number): AdminSession | null {
  if (storageGet('local', ADMIN_FLAG_KEY) !== 'true') return null;
  try {
    const parsed = adminSessionSchema.safeParse(
      JSON.parse(storageGet('local', ADMIN_TOKEN_KEY) ?? 'null'),
    );
    return parsed.success && isLive(parsed.data.token, now) ? parsed.data : null;
  } catch {
    return null;
  }
}

const store = createStore<{ admin: AdminSession | null }>(() => ({
  admin: readStored(Date.now()),
}));

export function useAdminSession(): AdminSession | null {
  return useStore(store, (state) => state.admin);
}

export function setAdminSession(admin: AdminSession): void {
  storageSet('local', ADMIN_FLAG_KEY, 'true');
  storageSet('local', ADMIN_TOKEN_KEY, JSON.stringify(admin));
  store.setState({ admin });
}

export function adminLogOut(): void {
  storageRemove('local', ADMIN_FLAG_KEY);
  storageRemove('local', ADMIN_TOKEN_KEY);
  store.setState({ admin: null });
}

/** Logs out if `token`, which the server refused, is the stored administrator's token. */
export function adminTokenRefused(token: string): void {
  if (store.getState().admin?.token === token) adminLogOut();
}
onTokenRefused(adminTokenRefused);

/** The admin session if its token is still good now; an expired one is logged out. */
export function currentAdminSession(now = Date.now()): AdminSession | null {
  const { admin } = store.getState();
  if (admin && isLive(admin.token, now)) return admin;
  if (admin) adminLogOut();
  return null;
}
