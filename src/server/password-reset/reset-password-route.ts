/**
 * PUT /api/user/resetPassword {password, token} (spec §7). The body schema re-checks the strength
 * tier with the contract's function; an unknown, used, replaced or expired token answers 400 with
 * its own message. A successful reset also lifts a login lock-out of the account, and ends every
 * session and compiler token of it (whoever had the old password is signed out everywhere).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.ts';
import {
  resetPasswordPath,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '../../contract/password-reset.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import { hashPassword } from '../auth/passwords.ts';
import { signInDeadlineOf } from '../auth/sign-in-gate.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { checkResetToken, redeemResetToken, type TokenProblem } from './reset-token-queries.ts';
import { hashResetToken } from './reset-token.ts';

const problemMessages: Record<TokenProblem, string> = {
  invalid: messages.resetLinkInvalid,
  used: messages.resetLinkUsed,
  replaced: messages.resetLinkReplaced,
  expired: messages.resetLinkExpired,
};

type Deps = { db: Db; loginLimiter: LoginThrottle; versions: SessionVersions };

export const resetPasswordRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, loginLimiter, versions },
) => {
  app.put(
    resetPasswordPath,
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: resetPasswordResponseSchema } },
    },
    async (request) => {
      const tokenHash = hashResetToken(request.body.token);
      const check = await checkResetToken(db, tokenHash, new Date());
      if (!check.ok) throw new HttpError(400, problemMessages[check.problem]);
      const passwordHash = await hashPassword(request.body.password, signInDeadlineOf(request));
      const result = await redeemResetToken(db, { tokenHash, passwordHash, now: new Date() });
      if (!result.ok) throw new HttpError(400, problemMessages[result.problem]);
      await versions.announce('student', result.userId, result.tokenVersion);
      await loginLimiter.clear(result.email);
      return { message: messages.passwordUpdated };
    },
  );
};
