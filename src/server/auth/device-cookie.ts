/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue 30): a
 * browser that signed in to an account with its password carries a signed, HttpOnly cookie that
 * says so, and its failed logins on that account are never charged to the budget that holds back
 * unknown clients (unknown-clients.ts). So a guess spread over hundreds of addresses spends the
 * budget, and the owner's browser still gets in.
 *
 * One cookie per login page (its Path is the login call), naming up to DEVICE_COOKIE_ACCOUNTS
 * accounts, latest first: a lab browser shared by a class stays bounded (about 600 bytes at
 * most, sent only with a login). Each account is named by a keyed hash of its scope and email, so
 * the cookie, read from a disk, does not say who used the browser. HS256 with a key derived from
 * the installation's JWT secret: every server process sharing JWT_SECRET accepts it, and a
 * session token (other key) is never accepted as one, nor the reverse.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { hmacKey } from './tokens.ts';

export const DEVICE_COOKIE = 'portal_device';
/** A year: the next term's sign-in from the same browser still counts as known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts one cookie remembers (a shared browser drops the one signed in to longest ago). */
export const DEVICE_COOKIE_ACCOUNTS = 20;
const ISSUER = 'campus-portal-device';
/** 96 bits of HMAC: no two accounts of an installation share a name. */
const TAG_BYTES = 12;

export type DeviceCookies = {
  /** Whether `cookie` proves that this browser signed in to (scope, email) before. */
  proves(cookie: string | undefined, scope: string, email: string): Promise<boolean>;
  /** The browser's cookie after a sign-in to (scope, email): that account first. */
  after(cookie: string | undefined, scope: string, email: string): Promise<string>;
};

/** A key for one use, derived from the installation's secret (HKDF-SHA256). */
function derive(secret: Uint8Array, use: string): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', secret, new Uint8Array(0), use, 32));
}

export function createDeviceCookies(secret: Uint8Array): DeviceCookies {
  const signing = hmacKey(derive(secret, 'campus-portal device cookie signature'));
  const naming = derive(secret, 'campus-portal device cookie account');
  const tag = (scope: string, email: string) =>
    crypto
      .createHmac('sha256', naming)
      .update(`${scope}\n${email}`)
      .digest()
      .subarray(0, TAG_BYTES)
      .toString('base64url');

  async function accounts(cookie: string | undefined): Promise<string[]> {
    // A cookie of any other shape is no proof, and is replaced at the next sign-in.
    if (!cookie || cookie.length > 4096) return [];
    try {
      const { payload } = await jwtVerify(cookie, await signing, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      const list = payload.a;
      return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : [];
    } catch {
      return [];
    }
  }

  return {
    async proves(cookie, scope, email) {
      if (!cookie) return false;
      return (await accounts(cookie)).includes(tag(scope, email));
    },
    async after(cookie, scope, email) {
      const mine = tag(scope, email);
      const others = (await accounts(cookie)).filter((item) => item !== mine);
      return new SignJWT({ a: [mine, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS) })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${DEVICE_COOKIE_MAX_AGE_SECONDS}s`)
        .sign(await signing);
    },
  };
}

/** The cookie's attributes: sent back only with the login call of its page. */
export function deviceCookieOptions(loginPath: string, secure: boolean) {
  return {
    path: loginPath,
    httpOnly: true,
    secure,
    // The login is a fetch from the portal's own page; no other site's page may send it.
    sameSite: 'strict' as const,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  };
}
