/**
 * SQL for a student's standing on a problem (`attempts`) read with the timer of the sitting
 * attempt it belongs to (sittings/sitting-queries.ts).
 */
import { and, eq } from 'drizzle-orm';
import { batched, type Batched } from '../db/batched.ts';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import type { SittingLifecycle } from '../../contract/sittings.ts';
import { attempts, sittingAttempts } from '../db/schema.ts';

/** A student's times on a problem: their sitting attempt's start and deadline (the one timer). */
export type Attempt = { startedAt: Date; deadline: Date };
/** As read from its row: with its id, which the exam signals name (integrity/signals/). */
export type StoredAttempt = Attempt & { id: string };

/** The standing on a problem within a sitting attempt, with that attempt's timer. */
export async function findAttempt(
  db: Db,
  sittingAttemptId: string,
  challengeId: string,
): Promise<StoredAttempt | undefined> {
  const [row] = await db
    .select({
      id: attempts.id,
      startedAt: sittingAttempts.startedAt,
      deadline: sittingAttempts.deadline,
    })
    .from(attempts)
    .innerJoin(sittingAttempts, eq(sittingAttempts.id, attempts.sittingAttemptId))
    .where(
      and(eq(attempts.sittingAttemptId, sittingAttemptId), eq(attempts.challengeId, challengeId)),
    );
  return row;
}

/** Records the standing unless one exists (insert … on conflict do nothing); returns the stored one. */
export async function recordAttempt(
  db: Db,
  userId: string,
  challengeId: string,
  sittingAttemptId: string,
  openedAt: Date,
): Promise<StoredAttempt> {
  await db
    .insert(attempts)
    .values({ userId, challengeId, sittingAttemptId, startedAt: openedAt })
    .onConflictDoNothing({ target: [attempts.userId, attempts.challengeId] });
  const stored = await findAttempt(db, sittingAttemptId, challengeId);
  if (!stored) throw new Error('the attempt was not stored');
  return stored;
}

/**
 * What Submit needs of a student's attempt: its times and the challenge's language, dates and
 * times of day ("HH:MM").
 */
export type SubmitAttempt = Attempt & {
  language: string;
  /** The others it accepts, as stored (test-access.ts checks them against the contract). */
  languages: string[];
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  /** The sitting's lifecycle and stop (sittings/sitting-rules.ts). */
  lifecycle: SittingLifecycle;
  stoppedAt: Date | null;
};
export type SubmitAttemptKey = { userId: string; challengeId: string };
export type SubmitAttemptLookup = Batched<SubmitAttemptKey, SubmitAttempt | undefined>;

/**
 * Submit's read of the attempt, group-committed (db/batched.ts): the reads of a deadline's burst
 * go to the database a batch at a time, one statement each, in place of one statement per Submit.
 */
export function createSubmitAttemptLookup(
  database: Pick<DatabaseHandle, 'pool' | 'kind'>,
): SubmitAttemptLookup {
  return batched(
    async (keys: SubmitAttemptKey[]) => {
      const { rows } = await database.pool.query(
        `select k.i, c.language, to_json(c.languages) as languages,
                c.start_date::text as start_date, c.end_date::text as end_date,
                to_char(c.start_time, 'HH24:MI') as start_time,
                to_char(c.end_time, 'HH24:MI') as end_time,
                (extract(epoch from sa.started_at) * 1000)::float8 as started_ms,
                (extract(epoch from sa.deadline) * 1000)::float8 as deadline_ms,
                s.lifecycle, (extract(epoch from s.stopped_at) * 1000)::float8 as stopped_ms
           from unnest($1::uuid[], $2::text[]) with ordinality as k(user_id, challenge_id, i)
           join attempts a on a.user_id = k.user_id and a.challenge_id = k.challenge_id
           join sitting_attempts sa on sa.id = a.sitting_attempt_id
           join sittings s on s.id = sa.sitting_id
           join challenges c on c.challenge_id = a.challenge_id`,
        [keys.map((k) => k.userId), keys.map((k) => k.challengeId)],
      );
      const found = new Map<number, SubmitAttempt>();
      for (const row of rows as {
        i: string | number;
        language: string;
        languages: string[];
        start_date: string;
        end_date: string;
        start_time: string;
        end_time: string;
        started_ms: number;
        deadline_ms: number;
        lifecycle: SittingLifecycle;
        stopped_ms: number | null;
      }[])
        found.set(Number(row.i), {
          language: row.language,
          languages: row.languages,
          startDate: row.start_date,
          endDate: row.end_date,
          startTime: row.start_time,
          endTime: row.end_time,
          startedAt: new Date(row.started_ms),
          deadline: new Date(row.deadline_ms),
          lifecycle: row.lifecycle,
          stoppedAt: row.stopped_ms === null ? null : new Date(row.stopped_ms),
        });
      return keys.map((_, i) => found.get(i + 1));
    },
    // PGlite has one connection, which the Submits' writes need too.
    { inFlight: database.kind === 'pglite' ? 1 : 2, maxBatch: 500 },
  );
}
