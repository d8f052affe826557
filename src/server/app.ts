/**
 * Builds the Fastify app from its dependencies. main.ts and the tests both use it, so the tests
 * run exactly the server that production runs.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createAttemptLimiter } from './auth/attempt-limits.ts';
import { createGuards } from './auth/guards.ts';
import type { TokenService } from './auth/tokens.ts';
import { installErrorHandlers } from './errors.ts';
import { healthRoute } from './health/health-route.ts';
import { registerStaticFiles } from './static-files.ts';
import { loginSignUpRoute } from './users/login-sign-up.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  tokens: TokenService;
  version: string;
};

export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = { level: deps.config.logLevel },
): Promise<FastifyInstance> {
  const { config, database, tokens, version } = deps;
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Give the caller's request id back, so a student's report can be matched with the log.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installErrorHandlers(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        // Ark UI positions popovers and toasts with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // Labs often serve the portal over plain http on the campus network.
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS only makes sense behind TLS, which a reverse proxy adds and configures itself.
    strictTransportSecurity: false,
  });

  app.decorateRequest('auth', null);
  const guards = createGuards(tokens);
  void guards; // Used by the admin, reset and compiler routes as they are registered below.
  const limiter = createAttemptLimiter(database.db, 'login', config.loginLimits);
  await app.register(healthRoute, { database, version });
  await app.register(loginSignUpRoute, { db: database.db, tokens, limiter });
  await registerStaticFiles(app, config.staticDir);

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
