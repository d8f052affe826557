/**
 * POST /api/admin/login: the server checks the administrator's credentials (the spec's browser-
 * side check would publish them in the bundle). Failures say 'Invalid credentials' and are rate
 * limited like student logins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginPath,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
} from '../../contract/admin.ts';
import { messages } from '../../contract/messages.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { passwordLogin } from '../auth/password-login.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { findAdminByEmail } from './admin-queries.ts';
import { adminSession } from './admin-session.ts';
import { forgetFirstPassword } from './first-password.ts';

/** `dataDir`: where the generated first password waits for its first sign-in. */
type Deps = { db: Db; tokens: TokenService; limiter: LoginThrottle; dataDir: string };

export const adminLoginRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, tokens, limiter, dataDir },
) => {
  app.post(
    adminLoginPath,
    { schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request) => {
      const { email, password } = request.body;
      const admin = await passwordLogin({
        limiter,
        email,
        password,
        ip: request.ip,
        find: () => findAdminByEmail(db, email),
        failureMessage: messages.invalidCredentials,
      });
      await forgetFirstPassword(dataDir, admin.email);
      return adminSession(tokens, admin);
    },
  );
};
