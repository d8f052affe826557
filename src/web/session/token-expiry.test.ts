import { describe, expect, it } from 'vitest';
import { HOUR_MS, fakeSession, fakeToken } from './test-tokens.ts';
import { parseStoredSession, parseValidSession } from './stored-session.ts';
import { tokenExpiresAt } from './token-expiry.ts';

describe('tokenExpiresAt', () => {
  it('reads exp (seconds) as milliseconds without verifying the signature', () => {
    expect(tokenExpiresAt(fakeToken(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('answers undefined for tokens that are not JWTs or carry no numeric exp', () => {
    expect(tokenExpiresAt('not-a-token')).toBeUndefined();
    expect(tokenExpiresAt('a.%%%.c')).toBeUndefined();
    expect(tokenExpiresAt(`a.${btoa('{"exp":"soon"}')}.c`)).toBeUndefined();
    expect(tokenExpiresAt(fakeToken(undefined))).toBeUndefined();
  });

  it('decodes base64url payloads with - and _ and no padding', () => {
    // A name with characters whose base64 contains + and /, to exercise the url-safe alphabet.
    const payload = btoa(JSON.stringify({ exp: 2_000_000_000, name: '~~~???>>>' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(tokenExpiresAt(`h.${payload}.s`)).toBe(2_000_000_000_000);
  });
});

describe('parseValidSession', () => {
  const now = Date.now();

  it('accepts a well-formed session whose token has not expired', () => {
    const session = fakeSession({}, now + HOUR_MS);
    expect(parseValidSession(session, now)).toEqual(session);
  });

  it('refuses an expired token, a token without exp and a token expiring right now', () => {
    expect(parseValidSession(fakeSession({}, now - 1000), now)).toBeNull();
    expect(parseValidSession(fakeSession({ token: fakeToken(undefined) }), now)).toBeNull();
    expect(
      parseValidSession(
        fakeSession({}, Math.floor(now / 1000) * 1000),
        Math.floor(now / 1000) * 1000,
      ),
    ).toBeNull();
  });

  it('refuses values that do not have the session shape', () => {
    expect(parseValidSession(null, now)).toBeNull();
    expect(parseValidSession({ name: 'x', email: 'y' }, now)).toBeNull();
    expect(parseValidSession({ ...fakeSession(), id: '' }, now)).toBeNull();
    expect(parseValidSession({ ...fakeSession(), token: 42 }, now)).toBeNull();
  });

  it('parses stored JSON and treats broken JSON as nothing stored', () => {
    const session = fakeSession();
    expect(parseStoredSession(JSON.stringify(session), now)).toEqual(session);
    expect(parseStoredSession('{not json', now)).toBeNull();
    expect(parseStoredSession(null, now)).toBeNull();
  });
});
