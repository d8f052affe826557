/**
 * The proctor view's long poll (as sittings/follow-timer.ts is the student's): the page says
 * which version it shows; the answer comes at once if the view is already another, else when the
 * change feed says something of the sitting moved and a re-read differs (a submission of one of
 * its challenges: queued, running, judged; a stop, a reopen, an accommodation; a student's page
 * arriving: presence.ts), or after `wait`,
 * or when the page goes away or the server closes. Events are debounced: a deadline's burst of
 * hundreds of submissions costs one re-read per DEBOUNCE_MS, not one each. Listening starts
 * before the first read, so a change in between is not missed; every answer is read from the
 * database, never from the event. A page going quiet (offline) is read at the next timeout.
 */
import type { ProctorView } from '../../../contract/proctor.ts';
import type { ChangeFeed } from '../../changes/change-feed.ts';

/** Long enough to gather a burst, short against the 2 s the view has to show a submission. */
export const DEBOUNCE_MS = 200;

type FollowProctor = {
  feed: ChangeFeed;
  sittingId: string;
  /** The challenges whose submissions count for the sitting (others' are ignored). */
  challengeIds: ReadonlySet<string>;
  /** The version the page shows; undefined answers at once. */
  known: string | undefined;
  wait: number | undefined;
  /** Settles when the request's connection closes. */
  gone: Promise<void>;
  /** Settles when the server starts closing. */
  closing: Promise<void>;
  read: () => Promise<ProctorView>;
};

export async function followProctor(options: FollowProctor): Promise<ProctorView> {
  const { feed, sittingId, challengeIds, known, wait } = options;
  let heard: () => void = () => undefined;
  const listen = () => new Promise<'moved'>((resolve) => (heard = () => resolve('moved')));
  let moved = listen();
  const unsubscribe = [
    feed.subscribe((change) => {
      if (challengeIds.has(change.challengeId)) heard();
    }),
    feed.subscribeToSitting(sittingId, () => heard()),
  ];
  const timers: NodeJS.Timeout[] = [];
  const after = <T>(ms: number, value: T) =>
    new Promise<T>((resolve) => timers.push(setTimeout(() => resolve(value), ms)));
  try {
    let view = await options.read();
    if (!wait || known === undefined || view.version !== known) return view;
    const ended = Promise.race([options.gone, options.closing]).then(() => 'ended' as const);
    const timeout = after(wait * 1000, 'timeout' as const);
    for (;;) {
      const outcome = await Promise.race([moved, timeout, ended]);
      if (outcome === 'ended') return view;
      if (outcome === 'timeout') return await options.read();
      if ((await Promise.race([after(DEBOUNCE_MS, 'read' as const), ended])) === 'ended')
        return view;
      // Listening again before the read: a change during it is heard on the next turn.
      moved = listen();
      view = await options.read();
      if (view.version !== known) return view;
    }
  } finally {
    timers.forEach(clearTimeout);
    unsubscribe.forEach((stop) => stop());
  }
}
