/**
 * PUT /api/user/choosePassword {password, token} (issue 33): the student who signed in with a
 * one-time password chooses their own, with the login's password-change token (the only call
 * that token opens: auth/password-change-tokens.ts). The rule is the reset page's (spec §5:
 * Medium or Strong). It answers the session, so the student goes on to step 2 signed in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  choosePasswordPath,
  choosePasswordRequestSchema,
  choosePasswordResponseSchema,
  oneTimePasswordMessages,
} from '../../contract/one-time-passwords.ts';
import type { PasswordChangeTokens } from '../auth/password-change-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import { signInDeadlineOf } from '../auth/sign-in-gate.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { chooseOwnPassword } from './one-time-password-queries.ts';
import { studentSession } from './student-session.ts';
import { findUserById } from './user-queries.ts';

type Deps = {
  db: Db;
  tokens: TokenService;
  changeTokens: PasswordChangeTokens;
  versions: SessionVersions;
};

export const choosePasswordRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, tokens, changeTokens, versions } = deps;
  app.put(
    choosePasswordPath,
    {
      schema: {
        body: choosePasswordRequestSchema,
        response: { 200: choosePasswordResponseSchema },
      },
    },
    async (request) => {
      const claims = await changeTokens.verify(request.body.token);
      if (!claims) throw new HttpError(400, oneTimePasswordMessages.changeExpired);
      // Read-only first, so a used token costs no password hashing.
      const before = await findUserById(db, claims.sub);
      if (!before) throw new HttpError(400, oneTimePasswordMessages.changeExpired);
      if (before.tokenVersion !== claims.ver || before.oneTimePasswordExpiresAt === null) {
        throw new HttpError(400, oneTimePasswordMessages.changeUsed);
      }
      const passwordHash = await hashPassword(request.body.password, signInDeadlineOf(request));
      const user = await chooseOwnPassword(db, {
        userId: claims.sub,
        tokenVersion: claims.ver,
        passwordHash,
      });
      if (!user) throw new HttpError(400, oneTimePasswordMessages.changeUsed);
      await versions.announce('student', user.id, user.tokenVersion);
      return studentSession(tokens, user);
    },
  );
};
