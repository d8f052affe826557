/**
 * Compiler tokens: HS256 JWTs with their own key and audience, naming the student, valid until
 * their session ends. The compiler page sends one as `Authorization: Bearer` on /api/compiler/*.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { CLOCK_TOLERANCE_SECONDS, hmacKey } from '../auth/tokens.ts';

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
  const key = hmacKey(secret);
  return {
    issue: async (claims, expiresAt) =>
      new SignJWT({ email: claims.email, name: claims.name })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
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
