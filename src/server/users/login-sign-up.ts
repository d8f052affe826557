/**
 * POST /api/user/loginSignUp (spec §7): sign-up when `name` is present, login otherwise.
 * Wrong email and wrong password answer the same 401, in about the same time; failed logins are
 * rate limited per account and per address. A sign-up answers the session, the spec's 409, or
 * 202 "check your email" (sign-up.ts, by STUDENT_SIGNUP), whose mail is sent after the answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginSignUpPath,
  loginSignUpRequestSchema,
  loginSignUpResponseSchema,
  signUpMailedResponseSchema,
  type StudentSignUpMode,
} from '../../contract/auth.ts';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/connection.ts';
import { passwordLogin } from '../auth/password-login.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { TokenService } from '../auth/tokens.ts';
import { signUp, type SignUpMail } from './sign-up.ts';
import { studentSession } from './student-session.ts';
import { findUserByEmail, insertUser } from './user-queries.ts';

type Deps = {
  db: Db;
  tokens: TokenService;
  limiter: LoginThrottle;
  mode: StudentSignUpMode;
  /** Sends a sign-up's mail once its answer is out (sign-up-mail.ts). */
  afterAnswer: (mail: SignUpMail, ip: string) => void;
};

export const loginSignUpRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, tokens, limiter, mode, afterAnswer },
) => {
  const signUpDeps = {
    mode,
    find: (email: string) => findUserByEmail(db, email),
    insert: (values: { email: string; name: string; passwordHash: string }) =>
      insertUser(db, values),
    hash: hashPassword,
  };
  // The mail of each 202 answer, sent from onResponse: after the answer, never before it.
  const pendingMail = new WeakMap<object, SignUpMail>();

  app.post(
    loginSignUpPath,
    {
      schema: {
        body: loginSignUpRequestSchema,
        response: { 200: loginSignUpResponseSchema, 202: signUpMailedResponseSchema },
      },
      onResponse: async (request) => {
        const mail = pendingMail.get(request);
        if (mail) afterAnswer(mail, request.ip);
      },
    },
    async (request, reply) => {
      const { email, password, name } = request.body;
      if (name === undefined) {
        const user = await passwordLogin({
          limiter,
          email,
          password,
          ip: request.ip,
          find: () => findUserByEmail(db, email),
          failureMessage: messages.wrongEmailOrPassword,
        });
        return studentSession(tokens, user);
      }
      const outcome = await signUp(signUpDeps, { email, name, password });
      if (outcome.kind === 'session') return studentSession(tokens, outcome.user);
      pendingMail.set(request, outcome.mail);
      return reply.code(202).send({ message: messages.signUpCheckEmail });
    },
  );
};
