/**
 * One more failure (a failed login, a reset request, a guess's password check) under `key` in
 * auth_failures, in one statement, so concurrent failures from several processes all count. The
 * count starts again at 1 once the window has passed since `restartFrom`: the window's start
 * (fixed windows, attempt-limits.ts and unknown-clients.ts) or the latest failure (failures
 * forgotten after a quiet window, login-throttle.ts). With `cap`, a count already at the cap in
 * a live window is left as it is and false is returned: the update's WHERE is checked against
 * the row once locked, so concurrent calls on PostgreSQL queue on the row and none counts past it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures } from '../db/schema.ts';

export async function countFailure(
  db: Db,
  key: string,
  windowSeconds: number,
  restartFrom: 'windowStart' | 'lastFailure',
  cap?: number,
): Promise<boolean> {
  const since =
    restartFrom === 'windowStart' ? authFailures.windowStartedAt : authFailures.lastFailedAt;
  const over = sql`${since} + make_interval(secs => ${windowSeconds}) <= now()`;
  const counted = await db
    .insert(authFailures)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        failures: sql`case when ${over} then 1 else ${authFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${over} then now() else ${authFailures.windowStartedAt} end`,
        lastFailedAt: sql`now()`,
      },
      ...(cap === undefined ? {} : { setWhere: sql`${over} or ${authFailures.failures} < ${cap}` }),
    })
    .returning({ failures: authFailures.failures });
  return counted.length > 0;
}
