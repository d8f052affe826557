import { describe, expect, it } from 'vitest';
import { tokenSubject } from './token-subject.ts';

// base64url of the UTF-8 JSON, as a JWT carries it.
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

describe('tokenSubject', () => {
  it("reads the token's sub claim", () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: 'user-42', name: 'Åsa ✓' })}.sig`;
    expect(tokenSubject(token)).toBe('user-42');
  });

  it('falls back to one shared name for tokens it cannot read', () => {
    expect(tokenSubject('')).toBe('anonymous');
    expect(tokenSubject('a.%%%.c')).toBe('anonymous');
    expect(tokenSubject(`x.${encode({ sub: 7 })}.y`)).toBe('anonymous');
  });
});
