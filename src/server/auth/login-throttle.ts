/**
 * Failed logins slow the one who fails, not the account's owner (issue 15 item 1, OWASP's
 * guidance against lockout abuse). Failures are counted, in the database (every server process
 * shares the counts), per (account, client address), per account and per client address; past a
 * number of them the client waits before its next try, twice as long after each further failure,
 * up to the window's length (5 s, 10 s, 20 s...). Who waits:
 * - the address that failed LOGIN_MAX_FAILURES_PER_ACCOUNT times on this account;
 * - the address that failed LOGIN_MAX_FAILURES_PER_IP times on any accounts;
 * - once the account has collected LOGIN_MAX_FAILURES_PER_ACCOUNT failures from everywhere (a
 *   guess spread over many addresses), every address that failed on it twice or more (one typo
 *   of the real owner stays free).
 * So the right password from an address that has not been failing is never refused, and eleven
 * wrong tries from anywhere cannot lock a student or the administrator out. A success clears the
 * account's counts; counts are forgotten a window after their last failure.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures } from '../db/schema.ts';
import { countFailure } from './count-failure.ts';
import type { AttemptLimits } from './attempt-limits.ts';

export type LoginThrottle = {
  /** Seconds the client must wait before it may try this account (0: it may try now). */
  check(email: string, ip: string): Promise<number>;
  record(email: string, ip: string): Promise<void>;
  /** After a success or a password reset: the account's counts are gone, from every address. */
  clear(email: string): Promise<void>;
};

/** A client one account's pair failed on twice or more shares the account-wide wait. */
const ACCOUNT_WIDE_FROM = 2;
/** The first wait, in seconds: long enough to slow a script, short for a person. */
const FIRST_WAIT_SECONDS = 5;

/**
 * The wait after `failures` failures when `free` of them cost nothing: 5 s at the threshold, then
 * twice as long each time, at most `maxSeconds`.
 */
export function waitAfter(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** Math.min(failures - free, 30), maxSeconds);
}

export function createLoginThrottle(db: Db, scope: string, limits: AttemptLimits): LoginThrottle {
  const pairKey = (email: string, ip: string) => `${scope}:pair:${ip}:${email}`;
  const accountKey = (email: string) => `${scope}:account:${email}`;
  const ipKey = (ip: string) => `${scope}:ip:${ip}`;

  const bump = (key: string) => countFailure(db, key, limits.windowSeconds, 'lastFailure');

  return {
    async check(email, ip) {
      // One query for the three counts: on PGlite every query runs on the event loop.
      const rows = await db
        .select({
          key: authFailures.key,
          failures: authFailures.failures,
          ago: sql<number>`extract(epoch from (now() - ${authFailures.lastFailedAt}))::float8`,
        })
        .from(authFailures)
        .where(inArray(authFailures.key, [pairKey(email, ip), accountKey(email), ipKey(ip)]));
      const failures = (key: string) => {
        const row = rows.find((r) => r.key === key && r.ago < limits.windowSeconds);
        return row ? { count: row.failures, ago: row.ago } : { count: 0, ago: 0 };
      };
      const wait = (key: string, free: number) => {
        const { count, ago } = failures(key);
        return Math.max(0, Math.ceil(waitAfter(count, free, limits.windowSeconds) - ago));
      };
      const pair = failures(pairKey(email, ip));
      return Math.max(
        wait(pairKey(email, ip), limits.perAccount),
        wait(ipKey(ip), limits.perIp),
        pair.count >= ACCOUNT_WIDE_FROM ? wait(accountKey(email), limits.perAccount) : 0,
      );
    },
    async record(email, ip) {
      await bump(pairKey(email, ip));
      await bump(accountKey(email));
      await bump(ipKey(ip));
    },
    async clear(email) {
      await db
        .delete(authFailures)
        .where(
          sql`${authFailures.key} = ${accountKey(email)} or (starts_with(${authFailures.key}, ${`${scope}:pair:`}) and right(${authFailures.key}, ${email.length + 1}) = ${`:${email}`})`,
        );
    },
  };
}
