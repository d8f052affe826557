/**
 * Time-limited rows are deleted once they can matter no more (issue 15 item 12), so tables that
 * every login or reset request writes to do not grow for ever: failed-sign-in counters past their
 * window, reset tokens a week after they expired (until then a late click still reads "expired"
 * rather than "invalid"), finished or abandoned package self-checks after a week, Run locks long
 * past their expiry, judge workers silent for a day (the administrator's queue view shows a
 * dead one meanwhile), and addresses that have not signed in to an account for 30 days (issue 30:
 * they count as known to it until then, auth/unknown-clients.ts). Every server process runs it: the deletes are idempotent.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { KNOWN_ADDRESS_DAYS } from '../auth/unknown-clients.ts';

export type PruneRules = {
  /** The longest failure window of the login and reset limiters, in seconds. */
  failureWindowSeconds: number;
  /** AUDIT_RETENTION_DAYS: older audit entries go, through the log's own function. */
  auditRetentionDays: number;
};

export type Pruned = {
  authFailures: number;
  resetTokens: number;
  selfChecks: number;
  runLocks: number;
  judgeWorkers: number;
  knownAddresses: number;
  auditEntries: number;
};

const count = (result: unknown) => (result as { rowCount: number | null }).rowCount ?? 0;

export async function pruneExpired(db: Db, rules: PruneRules): Promise<Pruned> {
  const window = rules.failureWindowSeconds;
  return {
    // A count restarts once a window has passed since its last failure (count-failure.ts), and
    // its window began before that failure: a row quiet for a whole window counts for nothing.
    authFailures: count(
      await db.execute(
        sql`delete from auth_failures where last_failed_at < now() - make_interval(secs => ${window})`,
      ),
    ),
    resetTokens: count(
      await db.execute(sql`delete from reset_tokens where expires_at < now() - interval '7 days'`),
    ),
    selfChecks: count(
      await db.execute(
        sql`delete from problem_self_checks where coalesce(finished_at, updated_at) < now() - interval '7 days'`,
      ),
    ),
    runLocks: count(
      await db.execute(sql`delete from run_locks where expires_at < now() - interval '1 hour'`),
    ),
    judgeWorkers: count(
      await db.execute(
        sql`delete from judge_workers where heartbeat_at < now() - interval '1 day'`,
      ),
    ),
    knownAddresses: count(
      await db.execute(
        sql`delete from known_sign_in_addresses where last_signed_in_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
      ),
    ),
    auditEntries:
      rowsOf<{ removed: number }>(
        await db.execute(
          sql`select audit_log_prune(${rules.auditRetentionDays}::integer)::int as removed`,
        ),
      )[0]?.removed ?? 0,
  };
}

/** Prunes at start and then every `everySeconds` (an hour by default); stop() on close. */
export function startPruning(
  db: Db,
  rules: PruneRules,
  log: FastifyBaseLogger,
  everySeconds = 3600,
): { stop(): void } {
  const run = () =>
    pruneExpired(db, rules).then(
      (pruned) => {
        if (Object.values(pruned).some((n) => n > 0)) log.info({ pruned }, 'expired rows deleted');
      },
      (error: unknown) => log.warn({ err: error }, 'deleting expired rows failed'),
    );
  const first = setTimeout(() => void run(), 1000);
  const timer = setInterval(() => void run(), everySeconds * 1000);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
