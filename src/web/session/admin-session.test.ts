import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from './test-tokens.ts';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

async function load() {
  return import('./admin-session.ts');
}

describe('admin session', () => {
  it('stores the flag and the token in localStorage and removes both on logout', async () => {
    const { setAdminSession, adminLogOut, currentAdminSession, ADMIN_FLAG_KEY, ADMIN_TOKEN_KEY } =
      await load();
    const token = fakeToken(Date.now() + 3_600_000);
    setAdminSession({ email: 'admin@college.test', token });
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
    expect(JSON.parse(localStorage.getItem(ADMIN_TOKEN_KEY) ?? '{}')).toEqual({
      email: 'admin@college.test',
      token,
    });
    expect(currentAdminSession()?.token).toBe(token);
    adminLogOut();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(currentAdminSession()).toBeNull();
  });

  it('restores a stored session on start, but not a flag without a token nor an expired token', async () => {
    const token = fakeToken(Date.now() + 3_600_000);
    localStorage.setItem('isAdmin', 'true');
    localStorage.setItem('portal.adminToken', JSON.stringify({ email: 'a@b.co', token }));
    expect((await load()).currentAdminSession()?.email).toBe('a@b.co');

    vi.resetModules();
    localStorage.removeItem('portal.adminToken');
    expect((await load()).currentAdminSession()).toBeNull();

    vi.resetModules();
    const expired = fakeToken(Date.now() - 10_000);
    localStorage.setItem('portal.adminToken', JSON.stringify({ email: 'a@b.co', token: expired }));
    expect((await load()).currentAdminSession()).toBeNull();
  });

  it('logs out when the token expires while the page is open', async () => {
    const { setAdminSession, currentAdminSession } = await load();
    const exp = Math.floor(Date.now() / 1000) + 60;
    setAdminSession({ email: 'a@b.co', token: fakeToken(exp * 1000) });
    expect(currentAdminSession(exp * 1000 - 1000)).not.toBeNull();
    expect(currentAdminSession(exp * 1000 + 1000)).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
  });

  it('logs out when the server refuses its token (401 on a call), not for another token', async () => {
    const { setAdminSession, currentAdminSession } = await load();
    // The same module instance the admin session subscribed to (modules are reset per test).
    const { reportTokenRefused } = await import('../lib/token-refusals.ts');
    const token = fakeToken(Date.now() + 3_600_000);
    setAdminSession({ email: 'admin@college.test', token });
    reportTokenRefused(fakeToken(Date.now() + 1_800_000));
    expect(currentAdminSession()?.token).toBe(token);
    reportTokenRefused(token);
    expect(currentAdminSession()).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
    expect(localStorage.getItem('portal.adminToken')).toBeNull();
  });
});
