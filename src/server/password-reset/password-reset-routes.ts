/**
 * The password-reset feature as one plugin: its two routes, the mailer (SMTP or outbox), the
 * reset-request limits and the after-answer jobs, which closing the app lets finish first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAttemptLimiter } from '../auth/attempt-limits.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createJobRunner } from './after-response-jobs.ts';
import { createResetPasswordRoute } from './create-reset-password-route.ts';
import { resetPasswordRoute } from './reset-password-route.ts';
import { sendResetLink, type ResetLinkDeps } from './send-reset-link.ts';

type Options = { db: Db; config: Config; versions: SessionVersions; mailer: Mailer };

export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, config, versions, mailer },
) => {
  const log = app.log.child({ component: 'password-reset' });
  const jobs = createJobRunner(log);
  const deps: ResetLinkDeps = {
    db,
    mailer,
    publicUrl: config.publicUrl,
    ttlSeconds: config.resetTokenTtlSeconds,
    retry: config.mailRetry,
    log,
  };

  await app.register(createResetPasswordRoute, {
    limiter: createAttemptLimiter(db, 'reset-request', config.resetLimits),
    afterAnswer: (email) => jobs.run((signal) => sendResetLink(deps, email, signal)),
  });
  await app.register(resetPasswordRoute, {
    db,
    loginLimiter: createLoginThrottle(db, 'login', config.loginLimits),
    versions,
  });

  // preClose, not onClose: the app's onClose closes the database before a plugin's onClose runs.
  app.addHook('preClose', async () => {
    await jobs.close();
  });
};
