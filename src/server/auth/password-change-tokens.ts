/**
 * Password-change tokens (issue 33): what the login answers in place of a session when the
 * student signed in with a one-time password. An HS256 JWT with a key of its own (derived from
 * the session secret, as compiler tokens are), so every guard refuses it as a bad session token
 * without knowing it exists: the only call it opens is PUT /api/user/choosePassword. It lasts
 * PASSWORD_CHANGE_MINUTES and carries the account's token version, which choosing the password
 * moves on, so it works once.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { PASSWORD_CHANGE_MINUTES } from '../../contract/one-time-passwords.ts';
import { CLOCK_TOLERANCE_SECONDS, hmacKey, versionClaim } from './tokens.ts';

const ISSUER = 'campus-portal';
const AUDIENCE = 'campus-password-change';

export type PasswordChangeClaims = { sub: string; ver: number };

export type PasswordChangeTokens = {
  issue(claims: PasswordChangeClaims): Promise<string>;
  /** The claims, or undefined for a token that is not one, or has expired. */
  verify(token: string): Promise<PasswordChangeClaims | undefined>;
};

export function derivePasswordChangeKey(sessionSecret: Uint8Array): Uint8Array {
  return new Uint8Array(
    crypto.createHmac('sha256', sessionSecret).update('campus-portal/password-change/v1').digest(),
  );
}

export function createPasswordChangeTokens(sessionSecret: Uint8Array): PasswordChangeTokens {
  const key = hmacKey(derivePasswordChangeKey(sessionSecret));
  return {
    issue: async (claims) =>
      new SignJWT({ ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${PASSWORD_CHANGE_MINUTES * 60}s`)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const ver = versionClaim(payload.ver);
        if (typeof payload.sub !== 'string' || ver === undefined) return undefined;
        return { sub: payload.sub, ver };
      } catch {
        return undefined;
      }
    },
  };
}
