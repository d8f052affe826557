/**
 * One change feed for every reader of submissions (DESIGN.md §7): when a submission is queued,
 * starts running or gets its result, one event reaches whoever waits on it in this process (the
 * student's long poll, the workers' wake-up). With PostgreSQL the events go through NOTIFY and
 * LISTEN, so a result written by a worker on another machine reaches the server a student is
 * connected to; on embedded PGlite every writer lives in this process and an in-process emitter
 * is enough. Events only say "look again": readers always re-read the database, so a missed event
 * costs at most a long poll's timeout, never a wrong answer.
 *
 * The same channel carries sitting changes (issue 32): a stop, a reopen, or one student's timer
 * changed, which the students' timer long polls wait on (compiler/timer-route.ts, exams/student-exam-routes.ts). They reach
 * only the listeners of their sitting, never the submission readers.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { z } from 'zod';
import { SUBMISSION_STATUSES } from '../../contract/compiler.ts';
import { batched } from '../db/batched.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { listenChannel } from '../db/listen-channel.ts';

export const changeSchema = z.object({
  type: z.literal('submission'),
  submissionId: z.string(),
  userId: z.string(),
  challengeId: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
});
export type Change = z.infer<typeof changeSchema>;
export type ChangeListener = (change: Change) => void;

/**
 * A sitting's timers changed: everyone's (`userId` null: a stop, a reopen) or one student's.
 * `presence`: only that a student's page arrived (the proctor view's, sittings/proctor/); no
 * timer changed, so the timer long polls pass it by.
 */
export const sittingChangeSchema = z.object({
  type: z.literal('sitting'),
  sittingId: z.string(),
  userId: z.string().nullable(),
  presence: z.literal(true).optional(),
});
export type SittingChange = z.infer<typeof sittingChangeSchema>;
type AnyChange = Change | SittingChange;

export interface ChangeFeed {
  publish(change: Change): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  /** Only the changes of one submission (a long poll's): no cost for everyone else's. */
  subscribeToSubmission(submissionId: string, listener: ChangeListener): () => void;
  publishSitting(change: SittingChange): Promise<void>;
  /** The changes of one sitting (a timer long poll's). */
  subscribeToSitting(sittingId: string, listener: (change: SittingChange) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'portal_changes';

type Log = { warn(obj: object, msg: string): void };

/** NOTIFY's payload must stay under 8000 bytes: changes travel in arrays of at most this size. */
const PAYLOAD_BYTES = 7000;
const anyChangeSchema = z.discriminatedUnion('type', [changeSchema, sittingChangeSchema]);
const payloadSchema = z.union([anyChangeSchema, z.array(anyChangeSchema)]);

function parseChanges(payload: string): AnyChange[] {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return [];
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  } catch {
    // Another program notifying on our channel: not ours to read.
    return [];
  }
}

/** The changes as JSON arrays of at most PAYLOAD_BYTES each, in order. */
export function notifyPayloads(changes: readonly AnyChange[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const change of changes) {
    const json = JSON.stringify(change);
    if (current.length > 0 && bytes + json.length + 1 > PAYLOAD_BYTES) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(json);
    bytes += json.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

function localEmitter(): EventEmitter {
  const emitter = new EventEmitter();
  // One listener per waiting long poll: hundreds during an exam are expected, not a leak.
  emitter.setMaxListeners(0);
  return emitter;
}

/**
 * Every change goes to the general listeners and to those of its submission, kept apart under an
 * event of its own: a thousand long polls waiting at a deadline are not each called for every
 * change of everyone else's submissions.
 */
function deliver(emitter: EventEmitter, change: AnyChange): void {
  if (change.type === 'sitting') {
    emitter.emit(`sitting:${change.sittingId}`, change);
    return;
  }
  emitter.emit('change', change);
  emitter.emit(`submission:${change.submissionId}`, change);
}

function subscribeToSitting(emitter: EventEmitter) {
  return (sittingId: string, listener: (change: SittingChange) => void) => {
    const event = `sitting:${sittingId}`;
    emitter.on(event, listener);
    return () => void emitter.off(event, listener);
  };
}

function subscribeToSubmission(emitter: EventEmitter) {
  return (submissionId: string, listener: ChangeListener) => {
    const event = `submission:${submissionId}`;
    emitter.on(event, listener);
    return () => void emitter.off(event, listener);
  };
}

function subscribeTo(emitter: EventEmitter) {
  return (listener: ChangeListener) => {
    emitter.on('change', listener);
    return () => void emitter.off('change', listener);
  };
}

export function createChangeFeed(
  database: Pick<DatabaseHandle, 'kind' | 'pool'>,
  log: Log,
): ChangeFeed {
  const emitter = localEmitter();
  if (database.kind === 'pglite') {
    return {
      publish: async (change) => deliver(emitter, change),
      subscribe: subscribeTo(emitter),
      subscribeToSubmission: subscribeToSubmission(emitter),
      publishSitting: async (change) => deliver(emitter, change),
      subscribeToSitting: subscribeToSitting(emitter),
      close: async () => void emitter.removeAllListeners(),
    };
  }
  return listenOnPostgres(database.pool, emitter, log);
}

function listenOnPostgres(pool: pg.Pool, emitter: EventEmitter, log: Log): ChangeFeed {
  const listener = listenChannel(
    pool,
    CHANNEL,
    { onPayload: (payload) => parseChanges(payload).forEach((change) => deliver(emitter, change)) },
    log,
  );
  // Delivered to every listening process, this one included (that is how local readers hear it).
  // The changes published while a NOTIFY is on its way go together in the next one: a deadline's
  // hundreds of Submits a second cost a few statements, not one each.
  const notify = batched(
    async (changes: AnyChange[]) => {
      await pool.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
        CHANNEL,
        notifyPayloads(changes),
      ]);
      return changes.map(() => undefined);
    },
    { inFlight: 1, maxBatch: 500 },
  );

  return {
    publish: notify,
    subscribe: subscribeTo(emitter),
    subscribeToSubmission: subscribeToSubmission(emitter),
    publishSitting: notify,
    subscribeToSitting: subscribeToSitting(emitter),
    async close() {
      emitter.removeAllListeners();
      await listener.close();
    },
  };
}

/**
 * Starts listening before the caller reads the database, so a change that lands between the read
 * and the wait is not missed: `changed` resolves on the submission's first change, `dispose`
 * stops listening. Long polls use it.
 */
export function watchFor(
  feed: ChangeFeed,
  submissionId: string,
): { changed: Promise<void>; dispose(): void } {
  let dispose = () => {};
  const changed = new Promise<void>((resolve) => {
    const unsubscribe = feed.subscribeToSubmission(submissionId, () => {
      unsubscribe();
      resolve();
    });
    dispose = unsubscribe;
  });
  return { changed, dispose: () => dispose() };
}
