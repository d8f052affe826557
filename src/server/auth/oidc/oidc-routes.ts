/**
 * The single sign-on calls (src/contract/oidc.ts). The start and the callback are browser
 * navigations, so they answer with redirects: to the provider, then back to the page the sign-in
 * started from, with a one-minute hand-over (or an error code) in the fragment, which no server
 * and no log ever sees. The page exchanges the hand-over for the session a password login gives:
 * same token, same session store, so nothing else in the product knows how the student signed in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  oidcCallbackPath,
  oidcLogoutPath,
  oidcLogoutQuerySchema,
  oidcSessionPath,
  oidcSessionRequestSchema,
  oidcSessionResponseSchema,
  oidcSettingsPath,
  oidcSettingsResponseSchema,
  oidcStartPath,
  oidcStartQuerySchema,
  SSO_ERROR_KEY,
  SSO_HANDOVER_KEY,
  type SsoAudience,
} from '../../../contract/oidc.ts';
import { messages } from '../../../contract/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { findAdminById } from '../../admins/admin-queries.ts';
import { adminSession } from '../../admins/admin-session.ts';
import { findUserById } from '../../users/user-queries.ts';
import { studentSession } from '../../users/student-session.ts';
import type { TokenService } from '../tokens.ts';
import { SsoError, type OidcClient } from './oidc-client.ts';
import { ssoAdmin, ssoStudent } from './sso-accounts.ts';
import { createOnceSet, FLOW_TTL_SECONDS, type SsoTokens } from './sso-tokens.ts';

const FLOW_COOKIE = 'portal_sso_flow';

type Deps = {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** Undefined when single sign-on is not configured: only the settings call answers then. */
  sso: { client: OidcClient; tokens: SsoTokens } | undefined;
};

/** The page a sign-in for this audience starts from and comes back to. */
const pageOf = (audience: SsoAudience) => (audience === 'admin' ? '/admin' : '/');

export const oidcRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config, db, tokens, sso }) => {
  app.get(
    oidcSettingsPath,
    { schema: { response: { 200: oidcSettingsResponseSchema } } },
    async (_request, reply) => {
      // The page asks once per load; the configuration changes only with a restart.
      reply.header('cache-control', 'no-cache');
      return sso && config.oidc
        ? { enabled: true, label: config.oidc.buttonLabel }
        : { enabled: false };
    },
  );
  if (!sso || !config.oidc) return;
  const oidc = config.oidc;
  const exchanged = createOnceSet();

  // @fastify/cookie is registered by the app (app.ts): the login's device cookies use it too.
  const secure = config.publicUrl.startsWith('https:');
  const cookiePath = oidcCallbackPath.slice(0, oidcCallbackPath.lastIndexOf('/'));
  const cookieOptions = {
    path: cookiePath,
    httpOnly: true,
    secure,
    // Lax: the provider's redirect back is a top-level GET, which carries Lax cookies.
    sameSite: 'lax' as const,
  };

  function backTo(reply: FastifyReply, audience: SsoAudience, key: string, value: string) {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return reply.redirect(`${pageOf(audience)}#${key}=${encodeURIComponent(value)}`, 303);
  }
  function failed(reply: FastifyReply, audience: SsoAudience, error: SsoError) {
    app.log.warn(
      { sso: error.code, reason: error.reason, for: audience },
      'single sign-on refused',
    );
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    return backTo(reply, audience, SSO_ERROR_KEY, error.code);
  }

  app.get(
    oidcStartPath,
    { schema: { querystring: oidcStartQuerySchema } },
    async (request, reply) => {
      const audience = request.query.for;
      try {
        const { url, secrets } = await sso.client.start();
        const flow = await sso.tokens.signFlow({ ...secrets, for: audience });
        reply.setCookie(FLOW_COOKIE, flow, { ...cookieOptions, maxAge: FLOW_TTL_SECONDS });
        reply.header('cache-control', 'no-store');
        return reply.redirect(url.href, 303);
      } catch (error) {
        if (error instanceof SsoError) return failed(reply, audience, error);
        throw error;
      }
    },
  );

  app.get(
    oidcCallbackPath,
    // Whatever the provider sends (code, state, iss, error...) is read by openid-client.
    { schema: { querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const flow = await sso.tokens.verifyFlow(request.cookies[FLOW_COOKIE] ?? '');
      // No flow: another browser, a callback opened twice, or more than 10 minutes at the
      // provider. Its audience is unknown; the student screen is where most sign-ins start.
      if (!flow) return failed(reply, 'student', new SsoError('expired', 'no valid flow cookie'));
      try {
        const callbackUrl = new URL(request.url, config.publicUrl);
        const identity = await sso.client.finish(callbackUrl, flow);
        const account =
          flow.for === 'admin'
            ? await ssoAdmin(db, identity, oidc)
            : await ssoStudent(db, identity, oidc, config.studentSignUp);
        reply.clearCookie(FLOW_COOKIE, cookieOptions);
        const handover = await sso.tokens.signHandover(flow.for, account.id);
        app.log.info({ for: flow.for, account: account.id }, 'single sign-on');
        return backTo(reply, flow.for, SSO_HANDOVER_KEY, handover);
      } catch (error) {
        if (error instanceof SsoError) return failed(reply, flow.for, error);
        throw error;
      }
    },
  );

  // After the portal's own Log Out: the provider's session ends too, so that the next student at
  // a lab computer does not find the previous one still signed in at the provider.
  app.get(
    oidcLogoutPath,
    { schema: { querystring: oidcLogoutQuerySchema } },
    async (request, reply) => {
      const page = pageOf(request.query.for);
      const providerLogout = await sso.client.endSessionUrl(`${config.publicUrl}${page}`);
      reply.header('cache-control', 'no-store');
      return reply.redirect(providerLogout?.href ?? page, 303);
    },
  );

  app.post(
    oidcSessionPath,
    {
      schema: { body: oidcSessionRequestSchema, response: { 200: oidcSessionResponseSchema } },
    },
    async (request) => {
      const handover = await sso.tokens.verifyHandover(request.body.handover);
      if (!handover || !exchanged.claim(handover.id))
        throw new HttpError(401, messages.sessionExpired);
      if (handover.for === 'admin') {
        const admin = await findAdminById(db, handover.accountId);
        if (!admin) throw new HttpError(401, messages.sessionExpired);
        return { for: 'admin' as const, session: await adminSession(tokens, admin) };
      }
      const user = await findUserById(db, handover.accountId);
      // Deleted between the callback and the exchange.
      if (!user) throw new HttpError(401, messages.sessionExpired);
      return { for: 'student' as const, session: await studentSession(tokens, user) };
    },
  );
};
