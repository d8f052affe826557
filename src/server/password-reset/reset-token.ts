/**
 * Reset tokens: 32 random bytes sent in the link as base64url; only their SHA-256 is stored, so a
 * copy of the database cannot be turned into working links.
 */
import crypto from 'node:crypto';

export function hashResetToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newResetToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}
