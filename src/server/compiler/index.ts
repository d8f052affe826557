/**
 * Registers the test's server side: POST /api/user/getToken and /api/compiler/* (statement, run,
 * submit, result), with the compiler's secrets resolved once.
 */
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { Config } from '../config.ts';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import type { Judging } from '../submissions/judging.ts';
import { trackRecentStatuses } from '../changes/recent-statuses.ts';
import { createSubmitAttemptLookup } from './attempt-queries.ts';
import { createCompilerGuard } from './compiler-guard.ts';
import { compilerRoutes } from './compiler-routes.ts';
import { createCompilerTokenService } from './compiler-tokens.ts';
import { createCompilerUrlFor, type CompilerUrlFor } from './compiler-url.ts';
import { deriveCompilerTokenKey, resolveCompilerAppKey } from './secrets.ts';
import { historyRoute } from './history-route.ts';
import { createSubmissionStore } from '../submissions/store-submission.ts';
import { submitRoute } from './submit-route.ts';
import { timerRoute } from './timer-route.ts';
import { compilerNoticeRoutes } from '../sittings/notices/index.ts';
import { tokenRoute } from './token-route.ts';
import { signalIngestRoute } from '../integrity/signals/ingest-route.ts';
import { statementImageRoute } from '../challenge-images/statement-image-route.ts';
import type { CheckAccess } from '../sittings/access/index.ts';

export type { CompilerUrlFor } from './compiler-url.ts';

type Deps = {
  config: Config;
  db: Db;
  guards: Guards;
  /** The accounts' token versions: a compiler token dies with its session. */
  versions: SessionVersions;
  judge: JudgeService;
  database: DatabaseHandle;
  judging: Pick<Judging, 'queue' | 'feed'>;
  /** Settles when the server starts closing: long polls answer at once. */
  closing: Promise<void>;
  /** The session tokens' secret; compiler tokens use a key derived from it. */
  sessionSecret: Uint8Array;
  now: () => Date;
  /** The sittings' access rules: getToken and every compiler call check them. */
  checkAccess: CheckAccess;
};

export async function registerCompiler(
  app: FastifyInstance,
  deps: Deps,
): Promise<{ compilerUrlFor: CompilerUrlFor }> {
  const { config, db, guards, judge, now } = deps;
  const appKey = await resolveCompilerAppKey(config.compilerAppKey, config.dataDir);
  const compilerTokens = createCompilerTokenService(deriveCompilerTokenKey(deps.sessionSecret));
  const compilerUrlFor = createCompilerUrlFor(config.compilerUrlTemplate, appKey);
  const submissions = createSubmissionStore(
    deps.database,
    {
      queue: deps.judging.queue,
      leaseMarginSeconds: config.judgeQueue.leaseMarginSeconds,
      checkerTimeLimitMs: config.judge.checkerTimeLimitMs,
      queueLimit: config.judge.queueLimit,
    },
    // PGlite has one connection; on PostgreSQL a few batches may write at once.
    { inFlight: deps.database.kind === 'pglite' ? 1 : 4 },
  );
  const context = {
    db,
    database: deps.database,
    judge,
    queue: deps.judging.queue,
    submissions,
    submitAttempts: createSubmitAttemptLookup(deps.database),
    feed: deps.judging.feed,
    recentStatuses: trackRecentStatuses(deps.judging.feed),
    closing: deps.closing,
    leaseMarginSeconds: config.judgeQueue.leaseMarginSeconds,
    checkerTimeLimitMs: config.judge.checkerTimeLimitMs,
    queueLimit: config.judge.queueLimit,
    judgesHere: config.judgeQueue.inProcess,
    timeZone: config.timeZone,
    graceSeconds: config.submissionGraceSeconds,
    offlineAllowanceSeconds: config.submissionOfflineAllowanceSeconds,
    now,
    checkAccess: deps.checkAccess,
    guard: createCompilerGuard(compilerTokens, appKey, deps.versions),
  };
  app.decorateRequest('compilerAuth', null);
  await app.register(tokenRoute, {
    db,
    guards,
    compilerTokens,
    compilerUrlFor,
    sessionTtlSeconds: config.sessionTtlSeconds,
    checkAccess: deps.checkAccess,
  });
  await app.register(compilerRoutes, context);
  await app.register(submitRoute, context);
  await app.register(historyRoute, context);
  // The timer followed live (issue 32): stops, reopens and extra time reach the page at once.
  await app.register(timerRoute, context);
  // The student's announcements and questions on a challenge's own page (issue 32 item 5).
  await app.register(compilerNoticeRoutes, {
    db,
    feed: context.feed,
    guard: context.guard,
    checkAccess: deps.checkAccess,
  });
  // Exam signals (issue 17) come from the compiler page, behind the same guard.
  await app.register(signalIngestRoute, { database: deps.database, guard: context.guard, now });
  // The statement's images (issue 31 item 4), behind the same guard as the statement.
  await app.register(statementImageRoute, { db, guard: context.guard });
  return { compilerUrlFor };
}
