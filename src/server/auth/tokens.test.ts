import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService, resolveJwtSecret } from './tokens.ts';

const claims = { sub: 'u1', email: 'a@b.co', name: 'ann', role: 'student' as const, ver: 3 };
const secret = new TextEncoder().encode('x'.repeat(40));

afterEach(() => vi.useRealTimers());

describe('tokens', () => {
  it('round-trips the claims', async () => {
    const tokens = createTokenService(secret, 3600);
    const result = await tokens.verify(await tokens.issue(claims));
    expect(result).toEqual({ ok: true, claims });
  });

  it('accepts a token up to 60 s past its expiry and refuses it after', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = createTokenService(secret, 100);
    const token = await tokens.issue(claims);
    vi.setSystemTime(new Date('2026-01-01T00:02:39Z')); // 159 s: 59 s late
    expect((await tokens.verify(token)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-01-01T00:02:41Z')); // 161 s: 61 s late
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret or tampered with', async () => {
    const tokens = createTokenService(secret, 3600);
    const other = createTokenService(new TextEncoder().encode('y'.repeat(40)), 3600);
    expect(await tokens.verify(await other.issue(claims))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const token = await tokens.issue(claims);
    expect((await tokens.verify(token.slice(0, -2) + 'xx')).ok).toBe(false);
    expect((await tokens.verify('not.a.jwt')).ok).toBe(false);
  });

  it('refuses a token without the role claims', async () => {
    const forged = await new SignJWT({ email: 'a@b.co' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('campus-portal')
      .setExpirationTime('1h')
      .sign(secret);
    expect(await createTokenService(secret, 3600).verify(forged)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reads a token without a version as version 0, and refuses a malformed version', async () => {
    const signed = (extra: Record<string, unknown>) =>
      new SignJWT({ email: 'a@b.co', name: 'ann', role: 'student', ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer('campus-portal')
        .setExpirationTime('1h')
        .sign(secret);
    const tokens = createTokenService(secret, 3600);
    expect(await tokens.verify(await signed({}))).toEqual({
      ok: true,
      claims: { ...claims, ver: 0 },
    });
    for (const ver of ['1', -1, 1.5])
      expect(await tokens.verify(await signed({ ver }))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('generates a secret once and reuses it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jwt-'));
    const first = await resolveJwtSecret(undefined, dir);
    const second = await resolveJwtSecret(undefined, dir);
    expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
    expect((await fs.stat(path.join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    const configured = await resolveJwtSecret('z'.repeat(32), dir);
    expect(Buffer.from(configured).toString()).toBe('z'.repeat(32));
    await fs.rm(dir, { recursive: true });
  });
});
