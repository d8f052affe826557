/** Test helpers: unsigned JWT-shaped tokens with a chosen expiry, and sessions that carry them. */
import type { UserSession } from '../../contract/session.ts';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeToken(expiresAtMs: number | undefined): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify(
      expiresAtMs === undefined
        ? { sub: 'u1' }
        : { sub: 'u1', exp: Math.floor(expiresAtMs / 1000) },
    ),
  );
  return `${header}.${payload}.signature`;
}

export const HOUR_MS = 3_600_000;

export function fakeSession(
  overrides: Partial<UserSession> = {},
  expiresAtMs = Date.now() + 12 * HOUR_MS,
): UserSession {
  return {
    name: 'ada lovelace',
    email: 'ada@example.edu',
    id: 'user-1',
    token: fakeToken(expiresAtMs),
    ...overrides,
  };
}
