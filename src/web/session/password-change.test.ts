import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPasswordChange,
  holdPasswordChange,
  pendingPasswordChange,
} from './password-change.ts';
import { HOUR_MS, fakeToken } from './test-tokens.ts';

afterEach(() => {
  clearPasswordChange();
  window.sessionStorage.clear();
});

describe('the pending password change', () => {
  it('is held in sessionStorage until cleared, never as the session', () => {
    const change = { token: fakeToken(Date.now() + HOUR_MS), name: 'ann', email: 'a@b.edu' };
    holdPasswordChange(change);
    expect(pendingPasswordChange()).toEqual(change);
    expect(window.sessionStorage.getItem('portal.session')).toBeNull();
    clearPasswordChange();
    expect(pendingPasswordChange()).toBeNull();
  });

  it('is gone once its token has expired, or when what is stored is not one', () => {
    const now = Date.now();
    holdPasswordChange({ token: fakeToken(now + 60_000), name: 'ann', email: 'a@b.edu' });
    expect(pendingPasswordChange(now + 61_000)).toBeNull();
    window.sessionStorage.setItem('portal.passwordChange', '{"token":1}');
    expect(pendingPasswordChange()).toBeNull();
    window.sessionStorage.setItem('portal.passwordChange', 'not json');
    expect(pendingPasswordChange()).toBeNull();
  });
});
