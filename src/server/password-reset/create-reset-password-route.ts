/**
 * POST /api/user/createResetPassword {email} (spec §7). Every accepted request answers the same
 * 200 'Email sent successfully' at once; looking the address up and mailing happen after the
 * answer is sent, so neither the body nor the time tells whether the address has an account.
 * Requests are limited per address and per client address, known or not.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.ts';
import {
  createResetPasswordPath,
  createResetPasswordRequestSchema,
  createResetPasswordResponseSchema,
} from '../../contract/password-reset.ts';
import type { AttemptLimiter } from '../auth/attempt-limits.ts';
import { HttpError } from '../http-error.ts';

type Deps = { limiter: AttemptLimiter; afterAnswer: (email: string) => void };

export const createResetPasswordRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { limiter, afterAnswer },
) => {
  app.post(
    createResetPasswordPath,
    {
      schema: {
        body: createResetPasswordRequestSchema,
        response: { 200: createResetPasswordResponseSchema },
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode === 200) afterAnswer(request.body.email);
      },
    },
    async (request) => {
      const { email } = request.body;
      const { retryAfter } = await limiter.check(email, request.ip);
      if (retryAfter > 0) {
        throw new HttpError(429, messages.tooManyResetRequests, {
          'retry-after': String(retryAfter),
        });
      }
      await limiter.record(email, request.ip);
      return { message: messages.emailSent };
    },
  );
};
