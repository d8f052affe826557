/**
 * Compiler tokens: HS256 JWTs with their own key and audience, naming the student, valid until
 * their session ends. The compiler page sends one as `Authorization: Bearer` on /api/compiler/*.
 */
import crypto from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { CLOCK_TOLERANCE_SECONDS } from '../auth/tokens.ts';

const ISSUER = 'campus-portal';
const AUDIENCE = 'campus-compiler';

export type CompilerClaims = { sub: string; email: string; name: string };

export type CompilerTokenService = {
  /** `expiresAt` in seconds since the epoch. */
  issue(claims: CompilerClaims, expiresAt: number): Promise<string>;
  verify(
    token: string,
  ): Promise<{ ok: true; claims: CompilerClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
};

export function createCompilerTokenService(secret: Uint8Array): CompilerTokenService {
  // A key object made once: given raw bytes, jose imports the key again on every call (~0.5 ms).
  const key = crypto.createSecretKey(secret);
  return {
    issue: (claims, expiresAt) =>
      new SignJWT({ email: claims.email, name: claims.name })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const { sub, email, name } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string')
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { sub, email, name } };
      } catch (error) {
        return {
          ok: false,
          reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid',
        };
      }
    },
  };
}
