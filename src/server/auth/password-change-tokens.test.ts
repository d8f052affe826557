import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHANGE_MINUTES } from '../../contract/one-time-passwords.ts';
import { createPasswordChangeTokens } from './password-change-tokens.ts';
import { createTokenService } from './tokens.ts';

const secret = new TextEncoder().encode('x'.repeat(40));

afterEach(() => vi.useRealTimers());

describe('password-change tokens', () => {
  it('round-trips the account and its version', async () => {
    const tokens = createPasswordChangeTokens(secret);
    expect(await tokens.verify(await tokens.issue({ sub: 'u1', ver: 4 }))).toEqual({
      sub: 'u1',
      ver: 4,
    });
  });

  it('is no session token, and a session token is none of these', async () => {
    const change = createPasswordChangeTokens(secret);
    const sessions = createTokenService(secret, 3600);
    const changeToken = await change.issue({ sub: 'u1', ver: 0 });
    expect(await sessions.verify(changeToken)).toEqual({ ok: false, reason: 'invalid' });
    const session = await sessions.issue({
      sub: 'u1',
      email: 'a@b.co',
      name: 'ann',
      role: 'student',
      ver: 0,
    });
    expect(await change.verify(session)).toBeUndefined();
  });

  it(`lasts ${PASSWORD_CHANGE_MINUTES} minutes (and the 60 s leeway)`, async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = createPasswordChangeTokens(secret);
    const token = await tokens.issue({ sub: 'u1', ver: 1 });
    vi.setSystemTime(
      new Date(Date.parse('2026-01-01T00:00:00Z') + PASSWORD_CHANGE_MINUTES * 60_000),
    );
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(
      new Date(Date.parse('2026-01-01T00:00:00Z') + (PASSWORD_CHANGE_MINUTES * 60 + 61) * 1000),
    );
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token of another installation', async () => {
    const other = createPasswordChangeTokens(new TextEncoder().encode('y'.repeat(40)));
    const token = await other.issue({ sub: 'u1', ver: 1 });
    expect(await createPasswordChangeTokens(secret).verify(token)).toBeUndefined();
  });
});
