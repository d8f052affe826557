import { describe, expect, it } from 'vitest';
import { hasAllDetails } from './use-auth-submit.ts';

describe('hasAllDetails (spec §5)', () => {
  it('login needs email and password', () => {
    expect(hasAllDetails({ email: 'a@b.edu', password: 'x' })).toBe(true);
    expect(hasAllDetails({ email: '', password: 'x' })).toBe(false);
    expect(hasAllDetails({ email: '   ', password: 'x' })).toBe(false);
    expect(hasAllDetails({ email: 'a@b.edu', password: '' })).toBe(false);
  });

  it('sign up also needs a name', () => {
    expect(hasAllDetails({ name: 'ada', email: 'a@b.edu', password: 'x' })).toBe(true);
    expect(hasAllDetails({ name: '', email: 'a@b.edu', password: 'x' })).toBe(false);
    expect(hasAllDetails({ name: '  ', email: 'a@b.edu', password: 'x' })).toBe(false);
  });

  it('a password of spaces counts as filled (passwords are never trimmed)', () => {
    expect(hasAllDetails({ email: 'a@b.edu', password: '   ' })).toBe(true);
  });
});
