/**
 * PUT /api/user/activateAccount {password, token} (issue 15 item 3): the page behind the link
 * mailed at sign-up sets the account's first password and answers the session, so the student
 * lands on step 2. The password rule is the reset page's (spec §5: Medium or Strong).
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { RESET_TOKEN_PATTERN, resetPasswordRequestSchema } from './password-reset.ts';
import { userSessionSchema } from './session.ts';

export const activateAccountRequestSchema = z.object(
  {
    password: resetPasswordRequestSchema.shape.password,
    token: z
      .string({ error: messages.activationLinkInvalid })
      .trim()
      .regex(RESET_TOKEN_PATTERN, { error: messages.activationLinkInvalid }),
  },
  { error: messages.enterAllDetails },
);
export type ActivateAccountRequest = z.input<typeof activateAccountRequestSchema>;

export const activateAccountResponseSchema = userSessionSchema;

export const activateAccountPath = '/api/user/activateAccount';

/** The page the mailed link opens. */
export const activateAccountPagePath = '/activate-account';
