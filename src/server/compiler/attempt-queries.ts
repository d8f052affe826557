/**
 * SQL for a student's standing on a problem (`attempts`) read with the timer of the sitting
 * attempt it belongs to (sittings/sitting-queries.ts): the challenge's own sitting, or an exam's.
 */
import { and, eq } from 'drizzle-orm';
import { batched, type Batched } from '../db/batched.ts';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import type { SittingLifecycle } from '../../contract/sittings.ts';
import { attempts, sittingAttempts } from '../db/schema.ts';
import type { StoredAccessRules } from '../../contract/access-rules.ts';
import { passAdmitsSql } from '../sittings/access/pass-queries.ts';

/**
 * A student's times on a problem: their sitting attempt's start and deadline (the one timer), and
 * when they finished it early (an exam's "Finish exam"), which ends it as a deadline would.
 */
export type Attempt = { startedAt: Date; deadline: Date; finishedAt?: Date | null };
/**
 * As read from its row: with its id, which the exam signals name (integrity/signals/), and the
 * sitting attempt its submissions are stored under.
 */
export type StoredAttempt = Attempt & { id: string; sittingAttemptId: string; sittingId: string };

/** The deadline as the student lives it: finishing early brings it forward. */
export function effectiveDeadline(attempt: Attempt): Date {
  const { deadline, finishedAt } = attempt;
  return finishedAt && finishedAt < deadline ? finishedAt : deadline;
}

/** The standing on a problem within a sitting attempt, with that attempt's timer. */
export async function findAttempt(
  db: Db,
  sittingAttemptId: string,
  challengeId: string,
): Promise<StoredAttempt | undefined> {
  const [row] = await db
    .select({
      id: attempts.id,
      sittingAttemptId: attempts.sittingAttemptId,
      sittingId: attempts.sittingId,
      startedAt: sittingAttempts.startedAt,
      deadline: sittingAttempts.deadline,
      finishedAt: sittingAttempts.finishedAt,
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
  sittingAttempt: { id: string; sittingId: string },
  openedAt: Date,
): Promise<StoredAttempt> {
  await db
    .insert(attempts)
    .values({
      userId,
      challengeId,
      sittingAttemptId: sittingAttempt.id,
      sittingId: sittingAttempt.sittingId,
      startedAt: openedAt,
    })
    .onConflictDoNothing({ target: [attempts.sittingAttemptId, attempts.challengeId] });
  const stored = await findAttempt(db, sittingAttempt.id, challengeId);
  if (!stored) throw new Error('the attempt was not stored');
  return stored;
}

/**
 * What Submit needs of a student's attempt: its times and the challenge's language, dates and
 * times of day ("HH:MM").
 */
export type SubmitAttempt = Attempt & {
  sittingAttemptId: string;
  language: string;
  /** The others it accepts, as stored (test-access.ts checks them against the contract). */
  languages: string[];
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  /** The sitting's lifecycle and stop (sittings/sitting-rules.ts): the exam's or the challenge's. */
  lifecycle: SittingLifecycle;
  stoppedAt: Date | null;
  /** The sitting's access rules, and whether the student's password pass stands (access/). */
  sittingId: string;
  accessRules: StoredAccessRules | null;
  passAdmits: boolean;
  /** Under an exam: it is archived; the problem is (still) this student's draw. */
  exam?: { archived: boolean; drawn: boolean };
};
/** `examCode`: the problem is submitted as part of that exam; absent, the challenge alone. */
export type SubmitAttemptKey = { userId: string; challengeId: string; examCode?: string };
export type SubmitAttemptLookup = Batched<SubmitAttemptKey, SubmitAttempt | undefined>;

/**
 * Submit's read of the attempt, group-committed (db/batched.ts): the reads of a deadline's burst
 * go to the database a batch at a time, one statement each, in place of one statement per Submit.
 * The sitting is the exam's (found by its code, case-blind) or the challenge's own; its student's
 * current sitting attempt (the highest number) holds the timer and the standing.
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
                sa.id as sitting_attempt_id,
                (extract(epoch from sa.started_at) * 1000)::float8 as started_ms,
                (extract(epoch from sa.deadline) * 1000)::float8 as deadline_ms,
                (extract(epoch from sa.finished_at) * 1000)::float8 as finished_ms,
                s.lifecycle, (extract(epoch from s.stopped_at) * 1000)::float8 as stopped_ms,
                s.id as sitting_id, s.access_rules,
                ${passAdmitsSql('k.user_id', 'sa.number')} as pass_admits,
                e.archived_at is not null as archived,
                (k.exam_code is not null and exists (select 1 from exam_draws d
                   where d.sitting_attempt_id = sa.id and d.challenge_id = k.challenge_id))
                  as drawn
           from unnest($1::uuid[], $2::text[], $3::text[])
                with ordinality as k(user_id, challenge_id, exam_code, i)
           join challenges c on c.challenge_id = k.challenge_id
           left join exams e on lower(e.code) = lower(k.exam_code)
           join lateral (
             select x.id, x.sitting_id, x.number, x.started_at, x.deadline, x.finished_at
               from sitting_attempts x
              where x.user_id = k.user_id
                and x.sitting_id = coalesce(e.sitting_id, case when k.exam_code is null then
                      (select own.id from sittings own where own.challenge_id = k.challenge_id) end)
              order by x.number desc limit 1) sa on true
           join sittings s on s.id = sa.sitting_id
           join attempts a on a.sitting_attempt_id = sa.id and a.challenge_id = k.challenge_id`,
        [
          keys.map((k) => k.userId),
          keys.map((k) => k.challengeId),
          keys.map((k) => k.examCode ?? null),
        ],
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
        sitting_attempt_id: string;
        started_ms: number;
        deadline_ms: number;
        finished_ms: number | null;
        lifecycle: SittingLifecycle;
        stopped_ms: number | null;
        sitting_id: string;
        access_rules: StoredAccessRules | null;
        pass_admits: boolean;
        archived: boolean;
        drawn: boolean;
      }[]) {
        const i = Number(row.i);
        found.set(i, {
          sittingAttemptId: row.sitting_attempt_id,
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
          sittingId: row.sitting_id,
          accessRules: row.access_rules,
          passAdmits: row.pass_admits,
          finishedAt: row.finished_ms === null ? null : new Date(row.finished_ms),
          ...(keys[i - 1]?.examCode === undefined
            ? {}
            : { exam: { archived: row.archived, drawn: row.drawn } }),
        });
      }
      return keys.map((_, i) => found.get(i + 1));
    },
    // PGlite has one connection, which the Submits' writes need too.
    { inFlight: database.kind === 'pglite' ? 1 : 2, maxBatch: 500 },
  );
}
