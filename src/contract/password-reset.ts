/**
 * The password-reset calls of spec §7: POST /api/user/createResetPassword {email} asks for a
 * reset link by email; PUT /api/user/resetPassword {password, token} sets the new password.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, emailSchema } from './auth.ts';
import { messages } from './messages.ts';
import { isStrongEnough } from './password-strength.ts';

export const createResetPasswordRequestSchema = z.object(
  { email: emailSchema },
  { error: messages.enterAllDetails },
);
export type CreateResetPasswordRequest = z.input<typeof createResetPasswordRequestSchema>;

/** DESIGN.md §3: always `{message}`, whether or not the email exists. */
export const createResetPasswordResponseSchema = z.object({ message: z.string() });
export type CreateResetPasswordResponse = z.infer<typeof createResetPasswordResponseSchema>;

export const createResetPasswordPath = '/api/user/createResetPassword';

/** A reset token is 32 random bytes in base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const resetPasswordRequestSchema = z.object(
  {
    // Never trimmed: a space is a legitimate character. The tier is the spec's (§5).
    password: z
      .string({ error: messages.enterAllDetails })
      .min(1, { error: messages.enterAllDetails })
      .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong })
      .refine(isStrongEnough, { error: messages.setStrongPassword }),
    token: z
      .string({ error: messages.resetLinkInvalid })
      .trim()
      .regex(RESET_TOKEN_PATTERN, { error: messages.resetLinkInvalid }),
  },
  { error: messages.enterAllDetails },
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const resetPasswordPath = '/api/user/resetPassword';
