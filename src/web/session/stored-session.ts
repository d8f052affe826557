/**
 * Checks a stored copy of the student session: the session's shape (the contract's schema) and a
 * token that has not expired. It is a module of its own because the schema brings the zod library
 * along: the session store loads it only when there is a stored copy to check, so a visitor's
 * first screen does not wait for it.
 */
import { userSessionSchema, type UserSession } from '../../contract/session.ts';
import { isTokenLive } from './token-expiry.ts';

/** A stored value is a usable session when it has the session's shape and its token has not expired. */
export function parseValidSession(value: unknown, now: number): UserSession | null {
  const parsed = userSessionSchema.safeParse(value);
  if (!parsed.success) return null;
  return isTokenLive(parsed.data.token, now) ? parsed.data : null;
}

/** Like parseValidSession, for the JSON text kept in web storage. */
export function parseStoredSession(text: string | null, now: number): UserSession | null {
  if (text === null) return null;
  try {
    return parseValidSession(JSON.parse(text), now);
  } catch {
    return null;
  }
}
