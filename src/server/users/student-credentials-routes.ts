/**
 * Accounts without mail (issue 33, contract/student-credentials.ts): staff of a student's course
 * get a roster student's activation link to show or copy, and may have it mailed again. The link
 * is the one a sign-up mails (a single-use reset token whose page sets the first password), made
 * to last STAFF_ACTIVATION_DAYS; a new one replaces the student's earlier links.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAFF_ACTIVATION_DAYS,
  activationLinkRequestSchema,
  activationLinkResponseSchema,
  activationLinkRoute,
  credentialMessages,
  studentCredentialParamsSchema,
} from '../../contract/student-credentials.ts';
import type { Guards } from '../auth/guards.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { activateAccountEmail } from '../mail/activate-account-email.ts';
import type { Mailer } from '../mail/mailer.ts';
import { issueResetToken } from '../password-reset/reset-token-queries.ts';
import { newResetToken } from '../password-reset/reset-token.ts';
import { activationLink } from './sign-up-mail.ts';
import { findUserById } from './user-queries.ts';

type Deps = { db: Db; guards: Guards; config: Config; mailer: Mailer; now: () => Date };

export const studentCredentialsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, config, mailer, now } = deps;

  app.post(
    activationLinkRoute,
    {
      onRequest: guards.staff,
      config: { action: 'students.credentials' },
      schema: {
        params: studentCredentialParamsSchema,
        body: activationLinkRequestSchema,
        response: { 200: activationLinkResponseSchema },
      },
    },
    async (request) => {
      const student = await findUserById(db, request.params.studentId);
      if (!student) throw new HttpError(404, credentialMessages.studentNotFound);
      // A student holding only a one-time password has not chosen one yet: a link still helps.
      if (student.passwordHash && student.oneTimePasswordExpiresAt === null) {
        throw new HttpError(409, credentialMessages.alreadyClaimed);
      }
      const { token, hash } = newResetToken();
      const ttlSeconds = STAFF_ACTIVATION_DAYS * 86_400;
      const at = now();
      await issueResetToken(db, { userId: student.id, tokenHash: hash, now: at, ttlSeconds });
      const link = activationLink(config.publicUrl, token);
      const expiresAt = new Date(at.getTime() + ttlSeconds * 1000).toISOString();
      let mailed = false;
      if (request.body.send) {
        await mailer.send(
          activateAccountEmail({ to: student.email, link, validMinutes: ttlSeconds / 60 }),
        );
        mailed = true;
      }
      const message = mailed ? credentialMessages.linkSent : credentialMessages.linkReady;
      return { message, link, expiresAt, mailed };
    },
  );
};
