import { describe, expect, it } from 'vitest';
import { readSsoReturn } from './sso-return.ts';

describe('readSsoReturn', () => {
  it('reads a hand-over and an error code from the fragment', () => {
    expect(readSsoReturn('#sso=abc.def.ghi')).toEqual({ key: 'sso', value: 'abc.def.ghi' });
    expect(readSsoReturn('#sso-error=not-admin')).toEqual({
      key: 'sso-error',
      value: 'not-admin',
    });
  });

  it('ignores every other fragment', () => {
    expect(readSsoReturn('')).toBeUndefined();
    expect(readSsoReturn('#main')).toBeUndefined();
    expect(readSsoReturn('#sso=')).toBeUndefined();
  });
});
