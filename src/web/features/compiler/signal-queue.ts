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
