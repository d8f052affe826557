/**
 * Builds the Fastify app from its dependencies. main.ts and the tests both use it, so the tests
 * run exactly the server that production runs.
 */
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createDeviceCookies } from './auth/device-cookie.ts';
import { createLoginThrottle } from './auth/login-throttle.ts';
import { createUnknownClients } from './auth/unknown-clients.ts';
import { createGuards } from './auth/guards.ts';
import { checkStaffRoute } from './auth/staff-route-check.ts';
import { createAuditRecorder } from './audit/record-audit.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { hashQueue } from './auth/hash-queue.ts';
import { gateSignIns, SignInGate } from './auth/sign-in-gate.ts';
import { activateAccountPath } from '../contract/activate-account.ts';
import { adminLoginPath } from '../contract/admin.ts';
import { loginSignUpPath } from '../contract/auth.ts';
import { choosePasswordPath } from '../contract/one-time-passwords.ts';
import { resetPasswordPath } from '../contract/password-reset.ts';
import { sessionRoutes } from './auth/session-routes.ts';
import { createSessionVersions } from './auth/session-versions.ts';
import { resolveJwtSecret, type TokenService } from './auth/tokens.ts';
import { oneTimePasswordRoutes } from './users/one-time-password-routes.ts';
import { adminLoginRoute } from './admins/admin-login.ts';
import { seedFirstAdmin } from './admins/seed-first-admin.ts';
import { refuseLargeBodiesPolitely } from './body-too-large.ts';
import { refuseNul } from './refuse-nul.ts';
import { logSerializers } from './log-serializers.ts';
import { clientErrorHandler, frameworkErrors } from './client-errors.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { lifecycleRoutes } from './sittings/lifecycle-routes.ts';
import { accessRuleRoutes, createSittingAccessCheck } from './sittings/access/index.ts';
import { accommodationRoutes } from './sittings/accommodations/accommodation-routes.ts';
import { noticeRoutes } from './sittings/notices/index.ts';
import { proctorRoutes } from './sittings/proctor/proctor-routes.ts';
import { examRoutes } from './exams/index.ts';
import { problemRoutes } from './problems/problem-routes.ts';
import { TestDataCache } from './test-data/test-data-cache.ts';
import { testDataRoutes } from './test-data/test-data-routes.ts';
import { challengeImageRoutes } from './challenge-images/challenge-image-routes.ts';
import { compilerFrameSources } from './compiler/compiler-url.ts';
import { registerCompiler } from './compiler/index.ts';
import { courseMoveRoutes } from './courses/course-move-routes.ts';
import { courseRoutes } from './courses/course-routes.ts';
import { enrolmentCodeRoutes } from './courses/enrolment-code-routes.ts';
import { createAttemptLimiter } from './auth/attempt-limits.ts';
import { studentCredentialsRoutes } from './users/student-credentials-routes.ts';
import { staffRoutes } from './admins/staff-routes.ts';
import { installErrorHandlers } from './errors.ts';
import { registerGracefulClose } from './graceful-close.ts';
import { healthRoute } from './health/health-route.ts';
import { watchJudgeReadiness } from './health/judge-readiness.ts';
import { startPruning } from './maintenance/prune-expired.ts';
import { judgeAdminRoutes } from './submissions/judge-admin-routes.ts';
import { startJudging } from './submissions/judging.ts';
import { createJudge, type JudgeService } from './judge/index.ts';
import { rosterRoutes } from './roster/roster-routes.ts';
import { registerStaticFiles } from './static-files.ts';
import { createMailer } from './mail/create-mailer.ts';
import { passwordResetRoutes } from './password-reset/password-reset-routes.ts';
import { studentAccountRoutes } from './users/student-account-routes.ts';
import { teacherResultsRoutes } from './results/index.ts';
import { testOutputRoutes } from './grading/test-output-routes.ts';
import { feedbackRoutes } from './grading/feedback-routes.ts';
import { releaseRoutes } from './grading/release-routes.ts';
import { statisticsRoutes } from './grading/statistics/statistics-routes.ts';
import { gradeRoutes } from './grading/grade-routes.ts';
import { signalTimelineRoute } from './integrity/signals/timeline-route.ts';
import { similarityRoutes } from './integrity/similarity-report/similarity-routes.ts';
import { userAdminRoutes } from './users/user-admin-routes.ts';
import { oidcCallbackPath } from '../contract/oidc.ts';
import { createOidcClient } from './auth/oidc/oidc-client.ts';
import { oidcRoutes } from './auth/oidc/oidc-routes.ts';
import { createSsoTokens } from './auth/oidc/sso-tokens.ts';
import { firstPaintScriptSource } from './first-paint-csp.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  tokens: TokenService;
  version: string;
  /** The judge; by default one is created from config.judge and closed with the app. */
  judge?: JudgeService;
  /** The server's clock for the test's time rules (default: Date). */
  now?: () => Date;
  /** Seconds the server's clock is ahead for single sign-on's ID token checks (tests). */
  oidcClockSkewSeconds?: number;
  /** Told of every route as it is added (the fuzz test drives them all). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * `logTo`: where the log goes (standard output by default), or false for none. The serializers
 * are the same everywhere, so the tests' logs show what production's would.
 */
export async function buildApp(
  deps: AppDeps,
  logTo: DestinationStream | false = process.stdout,
): Promise<FastifyInstance> {
  const { config, database, tokens, version } = deps;
  const judge =
    deps.judge ?? createJudge(config.judge, new TestDataCache(database.db, config.judge.workDir));
  const logger: FastifyServerOptions['logger'] =
    logTo === false
      ? false
      : { level: config.logLevel, serializers: logSerializers, stream: logTo };
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Give the caller's request id back, so a student's report can be matched with the log.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Errors before any route runs answer {message} too (client-errors.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installErrorHandlers(app);
  refuseLargeBodiesPolitely(app);
  refuseNul(app);
  const gracefulClose = registerGracefulClose(app);
  // A lab's uplink is often the bottleneck: the app shell is ~530 KB raw and ~150 KB compressed.
  // An answer up to 64 KB (a results page, the exam matrix) is compressed in one call and sent
  // with its length: on two cores the library's default sends anything over 8 KB through a
  // stream on libuv's threads, whose hand-offs cost a 55 KB matrix page more than its 0.65 ms
  // of brotli (bench/exams.ts: p99 34 -> 30 ms on PostgreSQL). Exports are streams as before.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    syncThreshold: 64 * 1024,
  });
  // helmet itself, built once: @fastify/helmet built it again on every request, parsing the CSP
  // directives each time (~0.1 ms a request, a tenth of a Submit's CPU at a deadline).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The pages' one inline script, by its hash (it must run before the first paint).
        'script-src': ["'self'", firstPaintScriptSource()],
        // Ark UI positions popovers and toasts with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // The test screen embeds the compiler page: ours, or an external provider's.
        'frame-src': ["'self'", ...compilerFrameSources(config.compilerUrlTemplate)],
        // Labs often serve the portal over plain http on the campus network.
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS only makes sense behind TLS, which a reverse proxy adds and configures itself.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );

  // Device cookies (login) and the single sign-on flow read and set cookies.
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('actor', null);
  // Accounts' token versions: logout, reset, sign out everywhere and deletion end sessions.
  const versions = createSessionVersions(database, app.log);
  const guards = createGuards(tokens, versions, database.db);
  app.addHook('onRoute', (route) => checkStaffRoute(route, guards.staff, guards.staffScope));
  // Every staff change, sign-in and sign-out into the audit log (issue 33).
  const audit = createAuditRecorder(database.db);
  app.addHook('onRoute', audit.attach);
  // The durable judge queue; this process judges too unless JUDGE_IN_PROCESS=false.
  const judging = await startJudging({
    config,
    database,
    judge,
    log: app.log,
    work: config.judgeQueue.inProcess,
  });
  // Sign-ins that could not be checked before the page gives up are refused as they arrive.
  gateSignIns(
    app,
    // A burst is taken to go as fast as the cores can hash until its own rate is known.
    new SignInGate(config.signInWaitMs, { capacity: () => hashQueue.capacityPerSecond() }),
    [loginSignUpPath, adminLoginPath, resetPasswordPath, activateAccountPath, choosePasswordPath],
    // Past the guessing budget first (password-login.ts), so refused guesses never queue here.
    [loginSignUpPath, adminLoginPath],
  );
  const limiter = createLoginThrottle(database.db, 'login', config.loginLimits);
  const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  // Guesses from clients that never signed in to an account are bounded per account (issue 30).
  const devices = createDeviceCookies(secret);
  const unknownClients = (scope: string) =>
    createUnknownClients({
      db: database.db,
      scope,
      budget: config.unknownClientBudget,
      devices,
    });
  const secureCookies = config.publicUrl.startsWith('https:');
  // One mailer (SMTP connection pool or outbox) for every feature that mails.
  const mailer = createMailer(config);
  const readiness = watchJudgeReadiness(judge, app.log, config.judgeReadinessCheckSeconds);
  const pruning = startPruning(
    database.db,
    {
      failureWindowSeconds: Math.max(
        config.loginLimits.windowSeconds,
        config.resetLimits.windowSeconds,
        config.unknownClientBudget.windowSeconds,
      ),
      auditRetentionDays: config.auditRetentionDays,
    },
    app.log,
  );
  await app.register(healthRoute, { database, version, readiness, guards });
  await app.register(judgeAdminRoutes, {
    database,
    guards,
    queue: judging.queue,
    feed: judging.feed,
    leaseMarginSeconds: config.judgeQueue.leaseMarginSeconds,
    checkerTimeLimitMs: config.judge.checkerTimeLimitMs,
  });
  await app.register(studentAccountRoutes, {
    db: database.db,
    tokens,
    limiter,
    clients: unknownClients('login'),
    config,
    mailer,
    versions,
    sessionSecret: secret,
  });
  await app.register(passwordResetRoutes, { db: database.db, config, versions, mailer });
  await app.register(sessionRoutes, { guards, versions });
  await seedFirstAdmin(
    database.db,
    {
      email: config.adminEmail,
      password: config.adminPassword,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
    },
    app.log,
  );
  // The seeding above waits for its hash whatever the budget (it has no deadline).
  hashQueue.setBudget(config.signInWaitMs);
  await app.register(adminLoginRoute, {
    db: database.db,
    tokens,
    dataDir: config.dataDir,
    limiter: createLoginThrottle(database.db, 'admin-login', config.loginLimits),
    clients: unknownClients('admin-login'),
    secureCookies,
  });
  const { maxFileBytes, maxChallengeBytes } = config.testData;
  await app.register(challengeRoutes, {
    db: database.db,
    guards,
    judge,
    maxChallengeBytes,
    timeZone: config.timeZone,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(lifecycleRoutes, {
    db: database.db,
    guards,
    feed: judging.feed,
    now: deps.now ?? (() => new Date()),
  });
  // Access rules (issue 32 item 4): set by staff, checked by every student call of a sitting.
  const checkAccess = createSittingAccessCheck(database.db, config.loginLimits);
  await app.register(accessRuleRoutes, { db: database.db, guards });
  await app.register(accommodationRoutes, {
    db: database.db,
    guards,
    feed: judging.feed,
    timeZone: config.timeZone,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(noticeRoutes, { db: database.db, guards, feed: judging.feed, checkAccess });
  await app.register(problemRoutes, {
    db: database.db,
    guards,
    judge,
    maxChallengeBytes,
    maxFileBytes,
  });
  await app.register(testDataRoutes, { db: database.db, guards, maxFileBytes });
  await app.register(challengeImageRoutes, { db: database.db, guards });
  await app.register(userAdminRoutes, { db: database.db, guards, versions });
  await app.register(teacherResultsRoutes, { db: database.db, guards, timeZone: config.timeZone });
  await app.register(testOutputRoutes, { db: database.db, guards });
  await app.register(feedbackRoutes, { db: database.db, guards });
  await app.register(releaseRoutes, {
    db: database.db,
    guards,
    timeZone: config.timeZone,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(statisticsRoutes, { db: database.db, guards });
  await app.register(gradeRoutes, { db: database.db, guards });
  await app.register(examRoutes, {
    db: database.db,
    guards,
    feed: judging.feed,
    closing: gracefulClose.begun,
    timeZone: config.timeZone,
    graceSeconds: config.submissionGraceSeconds,
    now: deps.now ?? (() => new Date()),
    checkAccess,
  });
  await app.register(proctorRoutes, {
    db: database.db,
    guards,
    feed: judging.feed,
    closing: gracefulClose.begun,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(signalTimelineRoute, { db: database.db, guards });
  await app.register(similarityRoutes, { db: database.db, guards });
  await app.register(rosterRoutes, { db: database.db, guards });
  await app.register(courseRoutes, { db: database.db, guards });
  await app.register(courseMoveRoutes, { db: database.db, guards });
  // A student's misses at enrolment codes are counted like failed sign-ins, in a scope of their own.
  await app.register(enrolmentCodeRoutes, {
    db: database.db,
    guards,
    limiter: createAttemptLimiter(database.db, 'enrolment-code', config.loginLimits),
  });
  await app.register(auditRoutes, {
    db: database.db,
    guards,
    timeZone: config.timeZone,
    actions: audit.actions,
  });
  await app.register(studentCredentialsRoutes, {
    db: database.db,
    guards,
    config,
    mailer,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(oneTimePasswordRoutes, {
    db: database.db,
    guards,
    config,
    versions,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(staffRoutes, {
    db: database.db,
    guards,
    tokens,
    versions,
    config,
    mailer,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(oidcRoutes, {
    config,
    db: database.db,
    tokens,
    sso: config.oidc && {
      client: createOidcClient(
        config.oidc,
        `${config.publicUrl}${oidcCallbackPath}`,
        deps.oidcClockSkewSeconds,
      ),
      tokens: createSsoTokens(secret),
    },
  });
  await registerCompiler(app, {
    config,
    db: database.db,
    guards,
    versions,
    judge,
    database,
    judging,
    closing: gracefulClose.begun,
    sessionSecret: secret,
    now: deps.now ?? (() => new Date()),
    checkAccess,
  });
  await registerStaticFiles(app, config.staticDir);

  app.addHook('onClose', async () => {
    readiness.stop();
    pruning.stop();
    // Workers first: running jobs finish or go back to the queue before the judge closes.
    await judging.close();
    if (!deps.judge) await judge.close();
    await versions.close();
    // After every plugin's preClose, where the mail jobs still running are waited for.
    mailer.close();
    await database.close();
  });
  return app;
}
