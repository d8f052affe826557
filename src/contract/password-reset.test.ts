import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { createResetPasswordRequestSchema, resetPasswordRequestSchema } from './password-reset.ts';

const token = 'A'.repeat(40) + '-_9';
const firstMessage = (input: unknown) => {
  const result = resetPasswordRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('createResetPasswordRequestSchema', () => {
  it('lower-cases and trims the email', () => {
    expect(createResetPasswordRequestSchema.parse({ email: ' Ann@Example.EDU ' })).toEqual({
      email: 'ann@example.edu',
    });
  });

  it.each([[{}], [{ email: '  ' }], [null]])('says "Please enter all details" for %j', (input) => {
    const result = createResetPasswordRequestSchema.safeParse(input);
    expect(result.error?.issues[0]?.message).toBe(messages.enterAllDetails);
  });
});

describe('resetPasswordRequestSchema', () => {
  it('accepts a Medium password and a 43-character base64url token, keeping the password as typed', () => {
    expect(resetPasswordRequestSchema.parse({ password: ' abcdeG1$xy', token })).toEqual({
      password: ' abcdeG1$xy',
      token,
    });
  });

  it("answers 'Set a strong password' below Medium", () => {
    expect(firstMessage({ password: 'abcdeG1$x', token })).toBe(messages.setStrongPassword);
    expect(firstMessage({ password: 'abcdefghijklmnopq1', token })).toBe(
      messages.setStrongPassword,
    );
  });

  it('caps the password length', () => {
    expect(firstMessage({ password: `aB1$${'x'.repeat(125)}`, token })).toBe(
      messages.passwordTooLong,
    );
  });

  it.each([[undefined], [''], ['short'], [`${token}x`], ['A'.repeat(42) + '=']])(
    'calls token %j not valid',
    (bad) => {
      expect(firstMessage({ password: 'abcdeG1$xy', token: bad })).toBe(messages.resetLinkInvalid);
    },
  );

  it('needs the password and a body', () => {
    expect(firstMessage({ token })).toBe(messages.enterAllDetails);
    expect(firstMessage(null)).toBe(messages.enterAllDetails);
  });
});
