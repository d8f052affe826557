/**
 * The student's own account calls as one plugin: login and sign-up, the activation of an
 * account through the link mailed at sign-up (issue 15 item 3), choosing one's password after a
 * one-time password (issue 33), with the mailer, the sign-up mail
 * limits and the after-answer jobs, which closing the app lets finish first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAttemptLimiter } from '../auth/attempt-limits.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { UnknownClients } from '../auth/unknown-clients.ts';
import type { TokenService } from '../auth/tokens.ts';
import { createPasswordChangeTokens } from '../auth/password-change-tokens.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createJobRunner } from '../password-reset/after-response-jobs.ts';
import { activateAccountRoute } from './activate-account-route.ts';
import { choosePasswordRoute } from './choose-password-route.ts';
import { loginSignUpRoute } from './login-sign-up.ts';
import { sendSignUpMail, type SignUpMailDeps } from './sign-up-mail.ts';

type Options = {
  db: Db;
  tokens: TokenService;
  limiter: LoginThrottle;
  clients: UnknownClients;
  config: Config;
  mailer: Mailer;
  versions: SessionVersions;
  /** The session secret, from which the password-change tokens' key is derived. */
  sessionSecret: Uint8Array;
};

export const studentAccountRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { db, tokens, limiter, clients, config, mailer, versions } = options;
  const changeTokens = createPasswordChangeTokens(options.sessionSecret);
  const log = app.log.child({ component: 'sign-up' });
  const jobs = createJobRunner(log);
  const mail: SignUpMailDeps = {
    db,
    mailer,
    publicUrl: config.publicUrl,
    ttlSeconds: config.resetTokenTtlSeconds,
    retry: config.mailRetry,
    // Counted apart from reset requests, with the same limits.
    limiter: createAttemptLimiter(db, 'sign-up-mail', config.resetLimits),
    log,
  };

  await app.register(loginSignUpRoute, {
    db,
    tokens,
    changeTokens,
    limiter,
    clients,
    secureCookies: config.publicUrl.startsWith('https:'),
    mode: config.studentSignUp,
    afterAnswer: (signUpMail, ip) =>
      jobs.run((signal) => sendSignUpMail(mail, signUpMail, ip, signal)),
  });
  await app.register(activateAccountRoute, { db, tokens });
  await app.register(choosePasswordRoute, { db, tokens, changeTokens, versions });

  // preClose, not onClose: the app's onClose closes the database before a plugin's onClose runs.
  app.addHook('preClose', async () => {
    await jobs.close();
  });
};
