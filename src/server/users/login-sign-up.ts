/**
 * POST /api/user/loginSignUp (spec §7): sign-up when `name` is present, login otherwise.
 * Wrong email and wrong password answer the same 401, in about the same time; failed logins are
 * rate limited per account and per address, and per account for clients that never signed in to
 * it (password-login.ts). A sign-up answers the session, the spec's 409, or 202 "check your
 * email" (sign-up.ts, by STUDENT_SIGNUP), whose mail is sent after the answer. A session answer
 * (login or sign-up) gives the browser its device cookie for the account (device-cookie.ts).
 * A login with a one-time password given by staff (issue 33) answers `mustChangePassword` and a
 * token that only chooses the new password (auth/password-change-tokens.ts), or, once it has
 * expired, 401 with its own message; the right password is checked first either way, so the
 * answer tells a guesser nothing.
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
import { oneTimePasswordMessages } from '../../contract/one-time-passwords.ts';
import type { Db } from '../db/connection.ts';
import { passwordLogin } from '../auth/password-login.ts';
import { admitSignIn, signInDeadlineOf } from '../auth/sign-in-gate.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { DEVICE_COOKIE, deviceCookieOptions } from '../auth/device-cookie.ts';
import type { UnknownClients } from '../auth/unknown-clients.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { PasswordChangeTokens } from '../auth/password-change-tokens.ts';
import { HttpError } from '../http-error.ts';
import { signUp, type SignUpMail } from './sign-up.ts';
import { studentSession } from './student-session.ts';
import { findUserByEmail, insertUser } from './user-queries.ts';

type Deps = {
  db: Db;
  tokens: TokenService;
  changeTokens: PasswordChangeTokens;
  limiter: LoginThrottle;
  clients: UnknownClients;
  /** The device cookie is Secure when the portal is served over https. */
  secureCookies: boolean;
  mode: StudentSignUpMode;
  /** Sends a sign-up's mail once its answer is out (sign-up-mail.ts). */
  afterAnswer: (mail: SignUpMail, ip: string) => void;
};

export const loginSignUpRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, tokens, changeTokens, limiter, clients, secureCookies, mode, afterAnswer },
) => {
  const cookieOptions = deviceCookieOptions(loginSignUpPath, secureCookies);
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
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      if (name === undefined) {
        const login = await passwordLogin({
          limiter,
          clients,
          email,
          password,
          ip: request.ip,
          deviceCookie,
          find: () => findUserByEmail(db, email),
          failureMessage: messages.wrongEmailOrPassword,
          admit: () => admitSignIn(request),
          deadline: signInDeadlineOf(request),
        });
        reply.setCookie(DEVICE_COOKIE, login.deviceCookie, cookieOptions);
        const { account } = login;
        if (account.oneTimePasswordExpiresAt !== null) {
          if (account.oneTimePasswordExpiresAt.getTime() <= Date.now()) {
            throw new HttpError(401, oneTimePasswordMessages.expired);
          }
          const token = await changeTokens.issue({ sub: account.id, ver: account.tokenVersion });
          const { name, email, id } = account;
          return { name, email, id, token, mustChangePassword: true as const };
        }
        return studentSession(tokens, account);
      }
      admitSignIn(request);
      const deadline = signInDeadlineOf(request);
      const outcome = await signUp(
        { ...signUpDeps, hash: (typed: string) => hashPassword(typed, deadline) },
        { email, name, password },
      );
      if (outcome.kind === 'session') {
        const cookie = await clients.signedIn(email, request.ip, deviceCookie);
        reply.setCookie(DEVICE_COOKIE, cookie, cookieOptions);
        return studentSession(tokens, outcome.user);
      }
      pendingMail.set(request, outcome.mail);
      return reply.code(202).send({ message: messages.signUpCheckEmail });
    },
  );
};
