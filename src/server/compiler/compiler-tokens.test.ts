import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCompilerTokenService } from './compiler-tokens.ts';

const student = { sub: 'u-1', email: 'a@college.test', name: 'A', ver: 2 };
const secret = new TextEncoder().encode('a-compiler-token-secret-of-some-length');

afterEach(() => {
  vi.useRealTimers();
});

describe('compiler tokens', () => {
  it('verifies a token again from memory, and never past its expiry and leeway', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const tokens = createCompilerTokenService(secret);
    const token = await tokens.issue(student, Date.now() / 1000 + 120);
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: student });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: student });
    // Within the 60 s leeway after expiry: still accepted (verified again, not remembered).
    vi.setSystemTime(new Date('2026-11-24T10:02:30Z'));
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: student });
    vi.setSystemTime(new Date('2026-11-24T10:03:30Z'));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another key, or altered', async () => {
    const tokens = createCompilerTokenService(secret);
    const other = createCompilerTokenService(new TextEncoder().encode('another-secret-entirely'));
    const token = await other.issue(student, Date.now() / 1000 + 120);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    const mine = await tokens.issue(student, Date.now() / 1000 + 120);
    expect(await tokens.verify(mine)).toMatchObject({ ok: true });
    expect(await tokens.verify(`${mine}x`)).toEqual({ ok: false, reason: 'invalid' });
  });
});
