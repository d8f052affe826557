/** POST /api/user/loginSignUp: sign-up when `name` is present, login otherwise (spec §7). */
import { z } from 'zod';
import { messages } from './messages.ts';
import { userSessionSchema } from './session.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** A required text: missing, non-text or blank all read as "not filled in". */
const requiredText = z
  .string({ error: messages.enterAllDetails })
  .trim()
  .min(1, { error: messages.enterAllDetails });

export const emailSchema = requiredText
  .toLowerCase()
  .pipe(z.email({ error: messages.invalidEmail }).max(254, { error: messages.invalidEmail }));

export const loginSignUpRequestSchema = z
  .object(
    {
      email: emailSchema,
      // Passwords are never trimmed: a space is a legitimate character.
      password: z
        .string({ error: messages.enterAllDetails })
        .min(1, { error: messages.enterAllDetails })
        .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong }),
      name: requiredText
        .toLowerCase()
        .pipe(z.string().max(NAME_MAX_LENGTH, { error: messages.nameTooLong }))
        .optional(),
    },
    { error: messages.enterAllDetails },
  )
  .superRefine((body, ctx) => {
    if (body.name !== undefined && body.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort });
    }
  });
export type LoginSignUpRequest = z.input<typeof loginSignUpRequestSchema>;

/**
 * A login with a one-time password set by staff (issue 33, contract/one-time-passwords.ts) adds
 * `mustChangePassword: true`, and its `token` is good only for choosing the new password.
 */
export const loginSignUpResponseSchema = userSessionSchema.extend({
  mustChangePassword: z.literal(true).optional(),
});
export type LoginSignUpResponse = z.infer<typeof loginSignUpResponseSchema>;

/**
 * A sign-up answered 202 without a session (issue 15 item 3): a roster account, or any account
 * under STUDENT_SIGNUP=roster or verify, is activated only through a link mailed to the address.
 */
export const signUpMailedResponseSchema = z.object({ message: z.string() });
export type SignUpMailedResponse = z.infer<typeof signUpMailedResponseSchema>;

/** What the web app reads from the call: a session, or the "check your email" answer. */
export const loginSignUpAnswerSchema = z.union([
  loginSignUpResponseSchema,
  signUpMailedResponseSchema,
]);
export type LoginSignUpAnswer = z.infer<typeof loginSignUpAnswerSchema>;

/** How new students get an account: STUDENT_SIGNUP (docs/operations.md, Configuration). */
export const STUDENT_SIGNUP_MODES = ['open', 'roster', 'verify'] as const;
export type StudentSignUpMode = (typeof STUDENT_SIGNUP_MODES)[number];

export const loginSignUpPath = '/api/user/loginSignUp';
