/**
 * Presence for the proctor view (contract/proctor.ts): the student's timer long poll says their
 * page is open and which problem it shows. Written with one conditional UPDATE that changes
 * nothing while the last write is recent and the problem is the same, so 500 students holding
 * their polls cost a few row writes a second, not one per poll.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PRESENCE_WRITE_SECONDS } from '../../../contract/proctor.ts';
import type { Db } from '../../db/connection.ts';

/**
 * What the page shows: a challenge on its own (that challenge), or an exam's screen with the
 * problem selected there, kept only when it is one of the student's draws (anything else, or
 * none, reads as the instructions: no current problem).
 */
export type PresenceProblem =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; challengeId: string | undefined };

/** The student's current attempt at the sitting was seen now, on this problem. */
export async function notePresence(
  db: Db,
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
  await db.execute(sql`
    update sitting_attempts sa
       set last_seen_at = ${at}::timestamptz, current_challenge_id = ${current}
     where sa.id = (select x.id from sitting_attempts x
                     where x.sitting_id = ${sittingId} and x.user_id = ${userId}
                     order by x.number desc limit 1)
       and (sa.last_seen_at is null
         or sa.last_seen_at < ${at}::timestamptz - make_interval(secs => ${PRESENCE_WRITE_SECONDS})
         or sa.current_challenge_id is distinct from ${current})`);
}
