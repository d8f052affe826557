/**
 * POST /api/admin/login: the server checks the administrator's credentials (the spec's browser-
 * side check would publish them in the bundle). Failures say 'Invalid credentials' and are rate
 * limited like student logins; a success gives the browser its device cookie (device-cookie.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginPath,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
} from '../../contract/admin.ts';
import { messages } from '../../contract/messages.ts';
import { DEVICE_COOKIE, deviceCookieOptions } from '../auth/device-cookie.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { UnknownClients } from '../auth/unknown-clients.ts';
import { passwordLogin } from '../auth/password-login.ts';
import { admitSignIn, signInDeadlineOf } from '../auth/sign-in-gate.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { findAdminByEmail } from './admin-queries.ts';
import { adminSession } from './admin-session.ts';
import { forgetFirstPassword } from './first-password.ts';

/**
 * `dataDir`: where the generated first password waits for its first sign-in; `secureCookies`:
 * the device cookie is Secure when the portal is served over https.
 */
type Deps = {
  db: Db;
  tokens: TokenService;
  limiter: LoginThrottle;
  clients: UnknownClients;
  dataDir: string;
  secureCookies: boolean;
};

export const adminLoginRoute: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, tokens, limiter, clients, dataDir, secureCookies },
) => {
  const cookieOptions = deviceCookieOptions(adminLoginPath, secureCookies);
  app.post(
    adminLoginPath,
    { schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const login = await passwordLogin({
        limiter,
        clients,
        email,
        password,
        ip: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
        // A deactivated staff account signs in as no account at all (issue 33).
        find: async () => {
          const admin = await findAdminByEmail(db, email);
          return admin?.deactivatedAt ? undefined : admin;
        },
        failureMessage: messages.invalidCredentials,
        admit: () => admitSignIn(request),
        deadline: signInDeadlineOf(request),
      });
      await forgetFirstPassword(dataDir, login.account.email);
      reply.setCookie(DEVICE_COOKIE, login.deviceCookie, cookieOptions);
      return adminSession(tokens, login.account);
    },
  );
};
