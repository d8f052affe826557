/**
 * Compiler tokens: HS256 JWTs with their own key and audience, naming the student, valid until
 * their session ends. The compiler page sends one as `Authorization: Bearer` on /api/compiler/*.
 * They carry the token version of the session they were issued from (`ver`), so whatever ends
 * the session (logout, reset, sign out everywhere) ends them too (compiler-guard.ts).
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { CLOCK_TOLERANCE_SECONDS, hmacKey, versionClaim } from '../auth/tokens.ts';

const ISSUER = 'campus-portal';
const AUDIENCE = 'campus-compiler';

export type CompilerClaims = { sub: string; email: string; name: string; ver: number };

export type CompilerTokenService = {
  /** `expiresAt` in seconds since the epoch. */
  issue(claims: CompilerClaims, expiresAt: number): Promise<string>;
  verify(
    token: string,
  ): Promise<{ ok: true; claims: CompilerClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
};

/**
 * Tokens already verified, until their expiry (at most VERIFIED_KEPT_MS): a student's page sends
 * the same token with every call, a deadline's long polls included, and verifying it again each
 * time was a tenth of the server's CPU at a deadline.
 */
const VERIFIED_KEPT_MS = 10 * 60_000;
const VERIFIED_MAX = 20_000;

export function createCompilerTokenService(secret: Uint8Array): CompilerTokenService {
  const key = hmacKey(secret);
  const verified = new Map<string, { claims: CompilerClaims; untilMs: number }>();
  const remember = (token: string, claims: CompilerClaims, expSeconds: number | undefined) => {
    const untilMs = Math.min((expSeconds ?? 0) * 1000, Date.now() + VERIFIED_KEPT_MS);
    if (verified.size >= VERIFIED_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, untilMs });
  };
  return {
    issue: async (claims, expiresAt) =>
      new SignJWT({ email: claims.email, name: claims.name, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.untilMs) return { ok: true, claims: known.claims };
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const { sub, email, name } = payload;
        const ver = versionClaim(payload.ver);
        if (
          typeof sub !== 'string' ||
          typeof email !== 'string' ||
          typeof name !== 'string' ||
          ver === undefined
        )
          return { ok: false, reason: 'invalid' };
        const claims = { sub, email, name, ver };
        remember(token, claims, payload.exp);
        return { ok: true, claims };
      } catch (error) {
        return {
          ok: false,
          reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid',
        };
      }
    },
  };
}
