/**
 * Store first, judge after (issue 13 item 1): a submission is written as `queued`, counted on the
 * student's attempt, and its judge job enqueued, all in one transaction, so an answered Submit is
 * never lost by a crash or restart. The same id stored twice (an offline queue sending again, a
 * retry) is stored once. Beyond `queueLimit` waiting submissions nothing is stored.
 *
 * At a deadline hundreds of these arrive within a second, so they are group-committed: while a
 * transaction is writing, the submissions that arrive meanwhile wait and are then written
 * together, in one transaction of a fixed number of statements whatever the batch's size. A lone
 * submission is written at once; a burst costs four round trips per batch instead of seven per
 * submission (on PGlite's single connection, ~11 ms each, which queued a burst for seconds).
 */
import type { DatabaseHandle } from '../db/connection.ts';
import { batched } from '../db/batched.ts';
import { inTransaction } from '../db/transaction.ts';
import { sendAssignedJobs, type AssignedJob, type EnqueueDeps } from './fair-enqueue.ts';

export type NewSubmission = {
  id: string;
  userId: string;
  challengeId: string;
  /** The sitting attempt it is made in (the challenge alone, or an exam): its standing's. */
  sittingAttemptId: string;
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

export type StoreDeps = EnqueueDeps & { queueLimit: number };

/** The advisory lock key of the queue's room ("subq" in ASCII). */
const QUEUE_ROOM_LOCK = 0x73756271;

/** What portal_store_submissions (migration 0020, first written in 0006) returns. */
type StoredBatch = {
  /** Submissions waiting before this batch, and those of them that hold a job. */
  waiting: number;
  jobsAhead: number;
  /** Each student's queued or running submissions before this batch. */
  pendingByUser: Record<string, number>;
  inserted: string[];
  jobs: AssignedJob[];
};

/**
 * Writes a batch in one transaction and returns each submission's outcome, in the batch's order.
 * Submissions are admitted in that order while the queue has room. The writing itself is one
 * call of portal_store_submissions (migration 0020), then one statement sends the judge jobs:
 * four round trips with begin and commit, whatever the batch's size.
 */
export async function storeQueuedSubmissions(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: StoreDeps,
  batch: readonly NewSubmission[],
): Promise<StoreOutcome[]> {
  // The first of each id; a repeated id takes its first's fate.
  const firstIndex = new Map<string, number>();
  const distinct: NewSubmission[] = [];
  for (const [i, s] of batch.entries()) {
    if (firstIndex.has(s.id)) continue;
    firstIndex.set(s.id, i);
    distinct.push(s);
  }
  const { figures, enqueued } = await inTransaction(database, async ({ executeSql }) => {
    const { rows } = await executeSql(
      `select portal_store_submissions($1::uuid[], $2::uuid[], $3::text[], $4::uuid[],
                                       $5::text[], $6::text[], $7::timestamptz[], $8, $9) as batch`,
      [
        distinct.map((s) => s.id),
        distinct.map((s) => s.userId),
        distinct.map((s) => s.challengeId),
        distinct.map((s) => s.sittingAttemptId),
        distinct.map((s) => s.language),
        distinct.map((s) => s.code),
        distinct.map((s) => s.receivedAt),
        deps.queueLimit,
        QUEUE_ROOM_LOCK,
      ],
    );
    const stored = rows[0]?.batch as StoredBatch;
    return { figures: stored, enqueued: await sendAssignedJobs(executeSql, deps, stored.jobs) };
  });

  const admitted = new Set(
    distinct.slice(0, Math.max(0, deps.queueLimit - figures.waiting)).map((s) => s.id),
  );
  const inserted = new Set(figures.inserted);
  const stored = distinct.filter((s) => inserted.has(s.id));
  // Places in line: this batch's jobs come after every job already waiting, and a submission
  // without a job waits behind the student's own earlier ones.
  const outcomes = new Map<string, StoreOutcome>();
  let jobsBefore = figures.jobsAhead;
  for (const s of stored)
    if (enqueued.get(s.userId) === s.id) {
      jobsBefore += 1;
      outcomes.set(s.id, { outcome: 'stored', enqueued: true, position: jobsBefore });
    }
  const mineBefore = new Map(Object.entries(figures.pendingByUser));
  for (const s of stored) {
    if (outcomes.has(s.id)) continue;
    const mine = mineBefore.get(s.userId) ?? 0;
    mineBefore.set(s.userId, mine + 1);
    outcomes.set(s.id, { outcome: 'stored', enqueued: false, position: jobsBefore + mine + 1 });
  }
  return batch.map((s, i) => {
    const first = outcomes.get(s.id);
    if (first && firstIndex.get(s.id) === i) return first;
    return admitted.has(s.id)
      ? { outcome: 'exists' as const }
      : { outcome: 'full' as const, waiting: figures.waiting };
  });
}

export type SubmissionStore = { store(submission: NewSubmission): Promise<StoreOutcome> };

/**
 * The group commit in front of storeQueuedSubmissions (db/batched.ts). Up to `inFlight`
 * transactions write at once (1 on PGlite's single connection; a few on PostgreSQL, so a batch
 * waiting on a locked student does not hold up everyone else's).
 */
export function createSubmissionStore(
  database: Pick<DatabaseHandle, 'pool'>,
  deps: StoreDeps,
  options: { inFlight: number; maxBatch?: number },
): SubmissionStore {
  const store = batched((batch: NewSubmission[]) => storeQueuedSubmissions(database, deps, batch), {
    inFlight: options.inFlight,
    maxBatch: options.maxBatch ?? 200,
  });
  return { store };
}
