/**
 * The latest status this process has heard of, per recent submission, from the change feed (every
 * server hears every change, whoever wrote it). A long poll uses it only to decide whether it may
 * start waiting without reading the database first: the answer itself is always read from the
 * database. A deadline's thousand Submits are each followed at once by a long poll that would
 * otherwise read its submission only to find it still queued. A status this process never heard
 * (another server stored it, the entry was evicted) costs that one read, as before; a change it
 * missed costs at most a long poll's timeout, like any missed event (change-feed.ts).
 */
import type { SubmissionStatus } from '../../contract/compiler.ts';
import type { Change, ChangeFeed } from './change-feed.ts';

export type KnownStatus = { userId: string; status: SubmissionStatus };

/** Enough for every submission of a large exam's last minutes; the oldest go first. */
const KEPT = 50_000;

export type RecentStatuses = {
  get(submissionId: string): KnownStatus | undefined;
  note(change: Change): void;
  close(): void;
};

export function trackRecentStatuses(feed: ChangeFeed, kept = KEPT): RecentStatuses {
  const known = new Map<string, KnownStatus>();
  const note = (change: Change) => {
    // Re-inserted, so the Map's order stays oldest-first for eviction.
    known.delete(change.submissionId);
    known.set(change.submissionId, { userId: change.userId, status: change.status });
    if (known.size > kept) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
  };
  const unsubscribe = feed.subscribe(note);
  return {
    get: (id) => known.get(id),
    note,
    close: unsubscribe,
  };
}
