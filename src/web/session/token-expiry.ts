/**
 * A token's expiry, read without verifying it: the browser only needs to know whether a stored
 * token is obviously dead, so it can send the student back to step 1 instead of to a test that
 * would refuse them.
 */
import { readJwtClaims } from '../lib/jwt-claims.ts';

/** The token's expiry in milliseconds since the epoch, or undefined when it has none or is not a JWT. */
export function tokenExpiresAt(token: string): number | undefined {
  const exp = readJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}

/** Whether a token can still be used at `now`: it has an expiry and that lies ahead. */
export function isTokenLive(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt > now;
}
