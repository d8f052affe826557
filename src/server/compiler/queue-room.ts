/**
 * Submit's back-pressure: beyond JUDGE_QUEUE_LIMIT waiting submissions the server answers 503
 * with a Retry-After that follows the judge capacity alive right now (the workers' heartbeats),
 * instead of letting the queue grow without bound. The page keeps such a submission and sends it
 * again (its offline queue), so nothing the student made is lost. Whether there is room is
 * decided where the submission is written (store-submission.ts); this builds the refusal.
 */
import { messages } from '../../contract/messages.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';

/** A rough pace for Retry-After: seconds per submission per judge slot. */
const SECONDS_PER_JOB = 2;

export async function queueFullError(
  database: Pick<DatabaseHandle, 'pool'>,
  waiting: number,
): Promise<HttpError> {
  const { rows } = await database.pool.query(
    `select coalesce(sum(concurrency), 0)::int as slots from judge_workers
      where heartbeat_at > now() - interval '1 minute'`,
  );
  const { slots } = rows[0] as { slots: number };
  const seconds = Math.min(
    300,
    Math.max(5, Math.ceil((waiting / Math.max(1, slots)) * SECONDS_PER_JOB)),
  );
  return new HttpError(503, messages.judgeBusy.replace('{seconds}', String(seconds)), {
    'retry-after': String(seconds),
  });
}
