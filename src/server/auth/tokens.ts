/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET, or with a secret generated once and kept in
 * DATA_DIR, so every server process of one installation accepts the same tokens. Verification
 * allows the spec's 60 s clock-skew leeway. Each token carries its account's token version (`ver`),
 * which the guards compare with the current one so a logout or reset ends it (session-versions.ts).
 */
import crypto, { type webcrypto } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const CLOCK_TOLERANCE_SECONDS = 60;
const ISSUER = 'campus-portal';

export type Role = 'student' | 'admin';
export type TokenClaims = { sub: string; email: string; name: string; role: Role; ver: number };

/**
 * The version claim of a verified token. A token from before versions existed has none: it counts
 * as version 0, the column's default, so upgrading the server mid-exam signs nobody out, while the
 * account's first logout or reset (version 1) still ends it.
 */
export function versionClaim(value: unknown): number | undefined {
  if (value === undefined) return 0;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export type TokenService = {
  issue(claims: TokenClaims): Promise<string>;
  /** Returns the claims, or a reason the token is refused. */
  verify(
    token: string,
  ): Promise<{ ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
};

export async function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then that one's secret wins.
  try {
    await fs.writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  }
}

/**
 * The HMAC key, imported into WebCrypto once. jose verifies with WebCrypto: given raw bytes or a
 * KeyObject it imports the key again on every call, which measured here at 2-3x the cost of the
 * verification itself (118 against 46 µs of CPU per token), paid on every request.
 */
export function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  key.catch(() => undefined); // a key that cannot be imported fails each call that uses it
  return key;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  const key = hmacKey(secret);
  return {
    issue: async (claims) =>
      new SignJWT({ email: claims.email, name: claims.name, role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const { sub, email, name, role } = payload;
        const ver = versionClaim(payload.ver);
        if (
          typeof sub !== 'string' ||
          typeof email !== 'string' ||
          typeof name !== 'string' ||
          (role !== 'student' && role !== 'admin') ||
          ver === undefined
        ) {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { sub, email, name, role, ver } };
      } catch (error) {
        return {
          ok: false,
          reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid',
        };
      }
    },
  };
}
