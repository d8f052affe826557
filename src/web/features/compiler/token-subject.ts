/**
 * Whose drafts and queued submissions these are: the `sub` claim of the compiler token. The page
 * only reads it to name its IndexedDB keys (two students sharing a lab computer must not see each
 * other's code); the server verifies the token on every call.
 */
import { readJwtClaims } from '../../lib/jwt-claims.ts';

export function tokenSubject(token: string): string {
  const sub = readJwtClaims(token)?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : 'anonymous';
}
