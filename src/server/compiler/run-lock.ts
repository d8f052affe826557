/**
 * One Run at a time per student (issue 13 item 5), whichever server process receives it: a row
 * in run_locks is the student's running Run. A row past its expiry was left by a process that
 * died mid-run and is taken over.
 */
import { messages } from '../../contract/messages.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';

export async function withRunLock<T>(
  database: Pick<DatabaseHandle, 'pool'>,
  userId: string,
  ttlSeconds: number,
  work: () => Promise<T>,
): Promise<T> {
  const { rows } = await database.pool.query(
    `insert into run_locks (user_id, expires_at) values ($1, now() + $2 * interval '1 second')
     on conflict (user_id) do update set expires_at = excluded.expires_at
       where run_locks.expires_at < now()
     returning user_id`,
    [userId, Math.ceil(ttlSeconds)],
  );
  if (rows.length === 0) throw new HttpError(429, messages.runInProgress);
  try {
    return await work();
  } finally {
    await database.pool.query('delete from run_locks where user_id = $1', [userId]);
  }
}
