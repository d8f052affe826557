import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RESET_TOKEN_PATTERN } from '../../contract/password-reset.ts';
import { hashResetToken, newResetToken } from './reset-token.ts';

describe('reset tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, hash } = newResetToken();
    expect(token).toMatch(RESET_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(hashResetToken(token)).toBe(hash);
    expect(newResetToken().token).not.toBe(token);
  });
});
