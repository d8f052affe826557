/**
 * Store first, judge after (issue 13 item 1): a submission is written as `queued`, counted on the
 * student's attempt, and its judge job enqueued, all in one transaction, so an answered Submit is
 * never lost by a crash or restart. The same id stored twice (an offline queue sending again, a
 * retry) is stored once. Beyond `queueLimit` waiting submissions nothing is stored.
 *
 * At a deadline hundreds of these run at once, so the writes and the figures the answer needs
 * (room in the queue, place in line) are one statement after the student's lock: five round
 * trips in all when the job is enqueued, instead of one per question.
 */
import type { DatabaseHandle } from '../db/connection.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueueNextFor, lockStudent, type EnqueueDeps } from './fair-enqueue.ts';

export type NewSubmission = {
  id: string;
  userId: string;
  challengeId: string;
  language: string;
  code: string;
  /** When the server first saw it. */
  receivedAt: Date;
};

export type StoreOutcome =
  /** Stored now; `position` is its place in line (1 is next). */
  | { outcome: 'stored'; enqueued: boolean; position: number }
  /** A submission with this id existed already: nothing was written. */
  | { outcome: 'exists' }
  /** The queue holds `waiting` submissions, at or over the limit: nothing was written. */
  | { outcome: 'full'; waiting: number };

type Figures = { inserted: number; waiting: number; jobsAhead: number; minePending: number };

export async function storeQueuedSubmission(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: EnqueueDeps & { queueLimit: number },
  s: NewSubmission,
): Promise<StoreOutcome> {
  return inTransaction(database, async ({ executeSql }) => {
    // A statement of its own: what follows must see what the lock's previous holder committed.
    await lockStudent(executeSql, s.userId);
    const { rows } = await executeSql(
      `with room as (select count(*)::int as waiting from submissions where status = 'queued'),
            ins as (
              insert into submissions (id, user_id, challenge_id, language, code, status, created_at)
              select $3, $1, $2, $4, $5, 'queued', $6 from room where room.waiting < $7
              on conflict (id) do nothing
              returning id),
            counted as (
              update attempts
                 set submission_count = submission_count + 1,
                     last_submission_at = greatest(coalesce(last_submission_at, $6), $6)
               where user_id = $1 and challenge_id = $2 and exists (select 1 from ins)
              returning 1)
       select (select count(*) from ins)::int as "inserted",
              (select waiting from room) as "waiting",
              (select count(*) from counted)::int as "counted",
              (select count(*) from submissions
                where status = 'queued' and job_id is not null)::int as "jobsAhead",
              (select count(*) from submissions
                where user_id = $1 and status in ('queued', 'running'))::int as "minePending"`,
      [s.userId, s.challengeId, s.id, s.language, s.code, s.receivedAt, deps.queueLimit],
    );
    const figures = rows[0] as Figures;
    if (figures.inserted === 0)
      return figures.waiting >= deps.queueLimit
        ? { outcome: 'full', waiting: figures.waiting }
        : { outcome: 'exists' };
    const enqueued = (await enqueueNextFor(executeSql, deps, s.userId)) === s.id;
    // As queuePosition (submission-queries.ts) counts it: jobs sent before it, and when it waits
    // behind the student's own earlier submissions, those too.
    const position = figures.jobsAhead + (enqueued ? 0 : figures.minePending) + 1;
    return { outcome: 'stored', enqueued, position };
  });
}
