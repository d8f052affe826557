/**
 * Tells the server about a Log Out (POST /api/user/logout), which ends every session and compiler
 * token of the account on every device (issue 15 item 4). The local log out never waits for it:
 * offline, or with a token the server already refuses, the browser is signed out all the same.
 */
import { logoutPath } from '../../contract/sessions.ts';
import { apiRequest } from '../lib/api-client.ts';

const LOGOUT_TIMEOUT_MS = 5000;

export async function endServerSession(token: string): Promise<void> {
  try {
    await apiRequest(logoutPath, { method: 'POST', token, timeoutMs: LOGOUT_TIMEOUT_MS });
  } catch {
    // Offline or refused: nothing more to do; the token still expires on its own.
  }
}
