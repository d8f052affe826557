/**
 * POST /api/user/loginSignUp (spec §7): sign-up when `name` is present, login otherwise.
 * Wrong email and wrong password answer the same 401, in about the same time; failed logins are
 * rate limited per account and per address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginSignUpPath,
  loginSignUpRequestSchema,
  loginSignUpResponseSchema,
} from '../../contract/auth.ts';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/connection.ts';
import { passwordLogin } from '../auth/password-login.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { TokenService } from '../auth/tokens.ts';
import { HttpError } from '../http-error.ts';
import { claimRosterUser, findUserByEmail, insertUser, type UserRow } from './user-queries.ts';

type Deps = { db: Db; tokens: TokenService; limiter: LoginThrottle };

export const loginSignUpRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, tokens, limiter },
) => {
  async function sessionFor(user: UserRow) {
    const token = await tokens.issue({
      sub: user.id,
      email: user.email,
      name: user.name,
      role: 'student',
    });
    return { name: user.name, email: user.email, token, id: user.id };
  }

  async function signUp(email: string, name: string, password: string): Promise<UserRow> {
    const existing = await findUserByEmail(db, email);
    if (existing?.passwordHash) throw new HttpError(409, messages.accountExists);
    const passwordHash = await hashPassword(password);
    // A roster entry uploaded by the administrator is claimed by its first sign-up; the roster's
    // name stays, since the college's list is the authority on it.
    const user = existing
      ? await claimRosterUser(db, existing.id, passwordHash)
      : await insertUser(db, { email, name, passwordHash });
    if (!user) throw new HttpError(409, messages.accountExists);
    return user;
  }

  const logIn = (email: string, password: string, ip: string): Promise<UserRow> =>
    passwordLogin({
      limiter,
      email,
      password,
      ip,
      find: () => findUserByEmail(db, email),
      failureMessage: messages.wrongEmailOrPassword,
    });

  app.post(
    loginSignUpPath,
    { schema: { body: loginSignUpRequestSchema, response: { 200: loginSignUpResponseSchema } } },
    async (request) => {
      const { email, password, name } = request.body;
      const user =
        name === undefined
          ? await logIn(email, password, request.ip)
          : await signUp(email, name, password);
      return sessionFor(user);
    },
  );
};
