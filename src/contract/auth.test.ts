import { describe, expect, it } from 'vitest';
import { loginSignUpRequestSchema } from './auth.ts';
import { messages } from './messages.ts';

const firstMessage = (input: unknown) => {
  const result = loginSignUpRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('loginSignUpRequestSchema', () => {
  it('lower-cases and trims email and name, keeps the password as typed', () => {
    expect(
      loginSignUpRequestSchema.parse({
        email: '  Ann@Example.EDU ',
        password: ' Pa ss1 x ',
        name: ' Ann LEE ',
      }),
    ).toEqual({ email: 'ann@example.edu', password: ' Pa ss1 x ', name: 'ann lee' });
  });

  it('reads a body without name as a login', () => {
    expect(loginSignUpRequestSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });

  it.each([
    [{ password: 'abcdefgh' }],
    [{ email: 'a@b.co' }],
    [{ email: '', password: 'abcdefgh' }],
    [{ email: 'a@b.co', password: '' }],
    [{ email: 'a@b.co', password: 'abcdefgh', name: '   ' }],
    [null],
    ['a string'],
  ])('says "Please enter all details" for %j', (input) => {
    expect(firstMessage(input)).toBe(messages.enterAllDetails);
  });

  it('rejects an invalid email with its own message', () => {
    expect(firstMessage({ email: 'ann@', password: 'x' })).toBe(messages.invalidEmail);
  });

  it('needs 8 characters for a new password but lets any existing one log in', () => {
    expect(firstMessage({ email: 'a@b.co', password: 'short', name: 'n' })).toBe(
      messages.passwordTooShort,
    );
    expect(firstMessage({ email: 'a@b.co', password: 'exactly8', name: 'n' })).toBeUndefined();
    expect(firstMessage({ email: 'a@b.co', password: 'short' })).toBeUndefined();
  });

  it('caps the password and name length', () => {
    expect(firstMessage({ email: 'a@b.co', password: 'x'.repeat(129) })).toBe(
      messages.passwordTooLong,
    );
    expect(firstMessage({ email: 'a@b.co', password: 'x'.repeat(128) })).toBeUndefined();
    expect(firstMessage({ email: 'a@b.co', password: 'abcdefgh', name: 'n'.repeat(101) })).toBe(
      messages.nameTooLong,
    );
  });
});
