/**
 * PUT /api/user/activateAccount {password, token} (issue 15 item 3): the page behind the link
 * mailed at sign-up. The token is a reset token (single use, RESET_TOKEN_TTL_MINUTES); it sets the
 * first password of an account that has none and answers the session, so the student lands on
 * step 2. A bad link costs no password hashing (checked read-only first).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateAccountPath,
  activateAccountRequestSchema,
  activateAccountResponseSchema,
} from '../../contract/activate-account.ts';
import { messages } from '../../contract/messages.ts';
import { hashPassword } from '../auth/passwords.ts';
import { signInDeadlineOf } from '../auth/sign-in-gate.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { checkResetToken, type TokenProblem } from '../password-reset/reset-token-queries.ts';
import { hashResetToken } from '../password-reset/reset-token.ts';
import { redeemClaimToken } from './claim-token.ts';
import { studentSession } from './student-session.ts';

const problemMessages: Record<TokenProblem, string> = {
  invalid: messages.activationLinkInvalid,
  used: messages.activationLinkUsed,
  replaced: messages.activationLinkReplaced,
  expired: messages.activationLinkExpired,
};

type Deps = { db: Db; tokens: TokenService };

export const activateAccountRoute: FastifyPluginAsyncZod<Deps> = async (app, { db, tokens }) => {
  app.put(
    activateAccountPath,
    {
      schema: {
        body: activateAccountRequestSchema,
        response: { 200: activateAccountResponseSchema },
      },
    },
    async (request) => {
      const tokenHash = hashResetToken(request.body.token);
      const check = await checkResetToken(db, tokenHash, new Date());
      if (!check.ok) throw new HttpError(400, problemMessages[check.problem]);
      const passwordHash = await hashPassword(request.body.password, signInDeadlineOf(request));
      const result = await redeemClaimToken(db, { tokenHash, passwordHash, now: new Date() });
      if (!result.ok) throw new HttpError(400, problemMessages[result.problem]);
      return studentSession(tokens, result.user);
    },
  );
};
