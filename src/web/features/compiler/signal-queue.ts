/**
 * Exam events waiting to reach the server (issue 17), kept on this computer like queued
 * submissions (IndexedDB with a localStorage copy, submission-queue.ts), per student and attempt,
 * so events recorded offline, or just before the page closed, are sent when it opens again.
 */
import { signalEventSchema, type SignalEvent } from '../../../contract/signals.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

/** Beyond this many waiting events the oldest are dropped: the queue must not fill the disk. */
export const MAX_QUEUED_SIGNALS = 2000;

export const signalQueueKey = (owner: string, attemptId: string) =>
  `signal-queue:${owner}:${attemptId}`;

function parse(value: unknown): SignalEvent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = signalEventSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Both copies merged by event id (either may be missing or older), oldest first. */
export async function loadSignalQueue(owner: string, attemptId: string): Promise<SignalEvent[]> {
  const key = signalQueueKey(owner, attemptId);
  const all = [...parse(await idbGet(key)), ...parse(storageGetJson('local', key))];
  const byId = new Map(all.map((e) => [e.eventId, e]));
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at));
}

export async function storeSignalQueue(
  owner: string,
  attemptId: string,
  queue: readonly SignalEvent[],
): Promise<void> {
  const key = signalQueueKey(owner, attemptId);
  const kept = queue.slice(-MAX_QUEUED_SIGNALS);
  storageSet('local', key, JSON.stringify(kept));
  await idbSet(key, kept);
}

/** What one tab changes in the stored queue: its new events, and the ids the server now has. */
export type SignalQueueChange = { add?: readonly SignalEvent[]; sent?: ReadonlySet<string> };

/** This tab's changes, one after another (a change reads the queue, then writes it). */
let pending: Promise<void> = Promise.resolve();

/**
 * Applies a change to the stored queue rather than writing this tab's whole queue over it: two
 * tabs open on the same attempt (a student who opened the test twice) each keep the other's unsent
 * events. The read and the write happen under a lock every tab of this browser shares (Web Locks),
 * and after this tab's earlier changes.
 */
export function updateSignalQueue(
  owner: string,
  attemptId: string,
  change: SignalQueueChange,
): Promise<void> {
  const apply = async () => {
    const stored = await loadSignalQueue(owner, attemptId);
    const known = new Set(stored.map((e) => e.eventId));
    const next = [
      ...stored.filter((e) => !change.sent?.has(e.eventId)),
      ...(change.add ?? []).filter((e) => !known.has(e.eventId)),
    ].sort((a, b) => a.at.localeCompare(b.at));
    await storeSignalQueue(owner, attemptId, next);
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = () => (locks ? locks.request(signalQueueKey(owner, attemptId), apply) : apply());
  const done = pending.then(run, run);
  pending = done.catch(() => undefined);
  return done;
}
