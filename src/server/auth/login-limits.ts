/**
 * Brute-force protection for logins: failed attempts are counted per account and per client
 * address in fixed windows, in the database so that several server processes share the counts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures } from '../db/schema.ts';

export type LoginLimits = { perAccount: number; perIp: number; windowSeconds: number };

export type LoginLimiter = {
  /** Seconds until the caller may try again, or 0 when the attempt may go ahead. */
  retryAfter(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
};

const accountKey = (email: string) => `login:account:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export function createLoginLimiter(db: Db, limits: LoginLimits): LoginLimiter {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;

  async function blockedFor(key: string, max: number): Promise<number> {
    const rows = await db
      .select({
        failures: authFailures.failures,
        remaining: sql<number>`ceil(extract(epoch from (${authFailures.windowStartedAt} + ${window} - now())))::int`,
      })
      .from(authFailures)
      .where(eq(authFailures.key, key));
    const row = rows[0];
    if (!row || row.remaining <= 0 || row.failures < max) return 0;
    return row.remaining;
  }

  async function bump(key: string): Promise<void> {
    // One statement, so concurrent failures from several processes all count.
    await db
      .insert(authFailures)
      .values({ key, failures: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: authFailures.key,
        set: {
          failures: sql`case when ${authFailures.windowStartedAt} + ${window} <= now() then 1 else ${authFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${authFailures.windowStartedAt} + ${window} <= now() then now() else ${authFailures.windowStartedAt} end`,
        },
      });
  }

  return {
    async retryAfter(email, ip) {
      const [account, address] = await Promise.all([
        blockedFor(accountKey(email), limits.perAccount),
        blockedFor(ipKey(ip), limits.perIp),
      ]);
      return Math.max(account, address);
    },
    async recordFailure(email, ip) {
      await bump(accountKey(email));
      await bump(ipKey(ip));
    },
    async recordSuccess(email) {
      await db.delete(authFailures).where(eq(authFailures.key, accountKey(email)));
    },
  };
}
