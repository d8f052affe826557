/**
 * Counts attempts (password reset requests) per account and per client address in fixed windows,
 * in the database so that several server processes share the counts. Each use has its own scope.
 * Failed logins are counted differently, so that they slow only the one who fails:
 * login-throttle.ts.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures } from '../db/schema.ts';
import { countFailure } from './count-failure.ts';

export type AttemptLimits = { perAccount: number; perIp: number; windowSeconds: number };

export type AttemptCheck = {
  /** Seconds until the caller may try again, or 0 when the attempt may go ahead. */
  retryAfter: number;
};

export type AttemptLimiter = {
  check(email: string, ip: string): Promise<AttemptCheck>;
  record(email: string, ip: string): Promise<void>;
};

/** `scope` names the use, e.g. 'login' or 'admin-login'; keys read `scope:account:email`. */
export function createAttemptLimiter(db: Db, scope: string, limits: AttemptLimits): AttemptLimiter {
  const accountKey = (email: string) => `${scope}:account:${email}`;
  const ipKey = (ip: string) => `${scope}:ip:${ip}`;
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;

  const bump = (key: string) => countFailure(db, key, limits.windowSeconds, 'windowStart');

  return {
    async check(email, ip) {
      // One query for both counters: on PGlite every query runs on the event loop.
      const rows = await db
        .select({
          key: authFailures.key,
          failures: authFailures.failures,
          remaining: sql<number>`ceil(extract(epoch from (${authFailures.windowStartedAt} + ${window} - now())))::int`,
        })
        .from(authFailures)
        .where(inArray(authFailures.key, [accountKey(email), ipKey(ip)]));
      const live = (key: string) => rows.find((r) => r.key === key && r.remaining > 0);
      const account = live(accountKey(email));
      const address = live(ipKey(ip));
      const blocked = (row: typeof account, max: number) =>
        row && row.failures >= max ? row.remaining : 0;
      return {
        retryAfter: Math.max(blocked(account, limits.perAccount), blocked(address, limits.perIp)),
      };
    },
    async record(email, ip) {
      await bump(accountKey(email));
      await bump(ipKey(ip));
    },
  };
}
