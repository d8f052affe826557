import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';
import {
  createDeviceCookies,
  DEVICE_COOKIE_ACCOUNTS,
  deviceCookieOptions,
} from './device-cookie.ts';

const secret = new TextEncoder().encode('a'.repeat(48));
const devices = createDeviceCookies(secret);

describe('device cookies (issue 30)', () => {
  it('prove the accounts their browser signed in to, and no other', async () => {
    const one = await devices.after(undefined, 'login', 'ann@college.edu');
    const two = await devices.after(one, 'admin-login', 'root@college.edu');
    expect(await devices.proves(two, 'login', 'ann@college.edu')).toBe(true);
    expect(await devices.proves(two, 'admin-login', 'root@college.edu')).toBe(true);
    // The same email on the other login page, and another account, are not proven.
    expect(await devices.proves(two, 'admin-login', 'ann@college.edu')).toBe(false);
    expect(await devices.proves(two, 'login', 'bob@college.edu')).toBe(false);
    expect(await devices.proves(undefined, 'login', 'ann@college.edu')).toBe(false);
  });

  it('are accepted by every server process sharing the secret, by no other', async () => {
    const cookie = await devices.after(undefined, 'login', 'ann@college.edu');
    expect(await createDeviceCookies(secret).proves(cookie, 'login', 'ann@college.edu')).toBe(true);
    const other = createDeviceCookies(new TextEncoder().encode('b'.repeat(48)));
    expect(await other.proves(cookie, 'login', 'ann@college.edu')).toBe(false);
  });

  it('refuse a forged or altered cookie, a session token and an expired cookie', async () => {
    const cookie = await devices.after(undefined, 'login', 'ann@college.edu');
    const [header, payload, signature] = cookie.split('.');
    const altered = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await devices.proves(altered, 'login', 'ann@college.edu')).toBe(false);
    expect(await devices.proves('not a cookie', 'login', 'ann@college.edu')).toBe(false);
    // A session token signed with the JWT secret itself is no device cookie.
    const session = await createTokenService(secret, 3600).issue({
      sub: 'x',
      email: 'ann@college.edu',
      name: 'ann',
      role: 'student',
      ver: 0,
    });
    expect(await devices.proves(session, 'login', 'ann@college.edu')).toBe(false);
    // The payload of a real cookie signed with the JWT secret itself (not the derived key).
    const forged = await new SignJWT({ a: decodeJwt(cookie).a as string[] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('campus-portal-device')
      .sign(secret);
    expect(await devices.proves(forged, 'login', 'ann@college.edu')).toBe(false);
    // A year and a day later the cookie has expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 366 * 24 * 3600 * 1000);
      expect(await devices.proves(cookie, 'login', 'ann@college.edu')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('name accounts by keyed hashes, and keep the latest accounts of a shared browser', async () => {
    let cookie: string | undefined;
    for (let i = 0; i < DEVICE_COOKIE_ACCOUNTS + 5; i++)
      cookie = await devices.after(cookie, 'login', `student${i}@college.edu`);
    expect(cookie).toBeDefined();
    expect(cookie).not.toContain('college');
    expect(JSON.stringify(decodeJwt(cookie ?? ''))).not.toContain('college');
    expect(cookie?.length).toBeLessThan(700);
    expect(await devices.proves(cookie, 'login', 'student0@college.edu')).toBe(false);
    expect(await devices.proves(cookie, 'login', 'student5@college.edu')).toBe(true);
    expect(
      await devices.proves(cookie, 'login', `student${DEVICE_COOKIE_ACCOUNTS + 4}@college.edu`),
    ).toBe(true);
    // Signing in again moves the account to the front instead of adding it twice.
    const again = await devices.after(cookie, 'login', 'student5@college.edu');
    expect((decodeJwt(again).a as string[]).length).toBe(DEVICE_COOKIE_ACCOUNTS);
    const after = await devices.after(again, 'login', 'student-new@college.edu');
    expect(await devices.proves(after, 'login', 'student5@college.edu')).toBe(true);
  });

  it('is HttpOnly, SameSite=Strict, narrow and long-lived', () => {
    expect(deviceCookieOptions('/api/user/loginSignUp', true)).toEqual({
      path: '/api/user/loginSignUp',
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      maxAge: 365 * 24 * 3600,
    });
  });
});
