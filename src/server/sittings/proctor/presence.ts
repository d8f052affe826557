/**
 * Presence for the proctor view (contract/proctor.ts): the student's timer long poll says their
 * page is open and which problem it shows. Written with one conditional UPDATE that changes
 * nothing while the last write is recent and the problem is the same, so 500 students holding
 * their polls cost a few row writes a second, not one per poll.
 *
 * An arrival (first seen in this attempt, back after being offline, or another problem) is told
 * to the sitting's listeners (change-feed.ts, a presence change, which the timer polls pass by),
 * so a proctor view shows it at once; a student merely still there is not, since that would wake
 * every proctor poll every few seconds.
 */
import { sql, type SQL } from 'drizzle-orm';
import { OFFLINE_AFTER_SECONDS, PRESENCE_WRITE_SECONDS } from '../../../contract/proctor.ts';
import type { ChangeFeed } from '../../changes/change-feed.ts';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/**
 * What the page shows: a challenge on its own (that challenge), or an exam's screen with the
 * problem selected there, kept only when it is one of the student's draws (anything else, or
 * none, reads as the instructions: no current problem).
 */
export type PresenceProblem =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; challengeId: string | undefined };

/** The student's current attempt at the sitting was seen now, on this problem. */
export async function notePresence(
  deps: { db: Db; feed: ChangeFeed },
  sittingId: string,
  userId: string,
  problem: PresenceProblem,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const current: SQL =
    problem.kind === 'challenge'
      ? sql`${problem.challengeId}::text`
      : problem.challengeId === undefined
        ? sql`null::text`
        : sql`(select d.challenge_id from exam_draws d
              where d.sitting_attempt_id = sa.id and d.challenge_id = ${problem.challengeId})`;
  const secondsAgo = (seconds: number) =>
    sql`${at}::timestamptz - make_interval(secs => ${seconds})`;
  // `old` is the row before the update: RETURNING alone would give the new values.
  const found = await deps.db.execute(sql`
    update sitting_attempts sa
       set last_seen_at = ${at}::timestamptz, current_challenge_id = ${current}
      from (select x.id, x.last_seen_at, x.current_challenge_id from sitting_attempts x
             where x.sitting_id = ${sittingId} and x.user_id = ${userId}
             order by x.number desc limit 1) old
     where sa.id = old.id
       and (old.last_seen_at is null
         or old.last_seen_at < ${secondsAgo(PRESENCE_WRITE_SECONDS)}
         or old.current_challenge_id is distinct from ${current})
    returning (old.last_seen_at is null
      or old.last_seen_at < ${secondsAgo(OFFLINE_AFTER_SECONDS)}
      or old.current_challenge_id is distinct from sa.current_challenge_id) as arrived`);
  if (rowsOf<{ arrived: boolean }>(found)[0]?.arrived)
    await deps.feed.publishSitting({ type: 'sitting', sittingId, userId, presence: true });
}
