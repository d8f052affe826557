/**
 * A timer long poll (issue 32): the student's page says which deadline it shows; the answer comes
 * at once if the timer is already another, else when a change of the sitting is heard (a stop, a
 * reopen, an accommodation, a notice: change-feed.ts) or after `wait` seconds, or when the page goes away
 * or the server closes. Listening starts before the first read, so a change in between is not
 * missed; every answer is read from the database, never from the event.
 */
import type { SittingTimer } from '../../contract/sittings.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';

type FollowTimer = {
  feed: ChangeFeed;
  sittingId: string;
  userId: string;
  /** The deadline the page shows (ISO); undefined answers at once. */
  known: string | undefined;
  /** The notices cursor the page shows (contract/notices.ts); a different `notices` answers at once. */
  knownNotices?: number | undefined;
  wait: number | undefined;
  /** Settles when the request's connection closes. */
  gone: Promise<void>;
  /** Settles when the server starts closing. */
  closing: Promise<void>;
  read: () => Promise<SittingTimer>;
};

export async function followTimer(options: FollowTimer): Promise<SittingTimer> {
  const { feed, sittingId, userId, known, wait } = options;
  let heard: () => void = () => undefined;
  const changed = new Promise<void>((resolve) => (heard = resolve));
  const unsubscribe = feed.subscribeToSitting(sittingId, (change) => {
    if (change.presence) return;
    if (change.userId === null || change.userId === userId) heard();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const first = await options.read();
    if (!wait || known === undefined || !sameInstant(first.deadline, known)) return first;
    if (options.knownNotices !== undefined && first.notices !== options.knownNotices) return first;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, wait * 1000);
    });
    await Promise.race([changed, timeout, options.gone, options.closing]);
    return await options.read();
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

/** Two ISO times naming the same instant (a page may send one written by another formatter). */
function sameInstant(a: string, b: string): boolean {
  const at = Date.parse(a);
  return !Number.isNaN(at) && at === Date.parse(b);
}
