/**
 * One more failure (a failed login, a reset request) under `key` in auth_failures, in one
 * statement, so concurrent failures from several processes all count. The count starts again at
 * 1 once the window has passed since `restartFrom`: the window's start (fixed windows,
 * attempt-limits.ts) or the latest failure (failures forgotten after a quiet window,
 * login-throttle.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures } from '../db/schema.ts';

export async function countFailure(
  db: Db,
  key: string,
  windowSeconds: number,
  restartFrom: 'windowStart' | 'lastFailure',
): Promise<void> {
  const since =
    restartFrom === 'windowStart' ? authFailures.windowStartedAt : authFailures.lastFailedAt;
  const over = sql`${since} + make_interval(secs => ${windowSeconds}) <= now()`;
  await db
    .insert(authFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        failures: sql`case when ${over} then 1 else ${authFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${over} then now() else ${authFailures.windowStartedAt} end`,
        lastFailedAt: sql`now()`,
      },
    });
}
