/**
 * What a lifecycle action (contract/sittings.ts) does to a sitting, the same for a challenge on
 * its own and an exam: publish a draft; back to draft while nobody has started; stop now (the
 * first stop stands); reopen.
 */
import { sittingMessages, type LifecycleAction } from '../../contract/sittings.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { sittingStarted, writeSittingState, type Sitting } from './sitting-queries.ts';

async function nextState(
  db: Db,
  sitting: Sitting,
  action: LifecycleAction,
  now: Date,
): Promise<Pick<Sitting, 'lifecycle' | 'stoppedAt'>> {
  switch (action) {
    case 'publish':
      return { lifecycle: 'published', stoppedAt: sitting.stoppedAt };
    case 'unpublish':
      if (await sittingStarted(db, sitting.id))
        throw new HttpError(409, sittingMessages.startedCannotUnpublish);
      return { lifecycle: 'draft', stoppedAt: null };
    case 'stop':
      if (sitting.lifecycle === 'draft') throw new HttpError(409, sittingMessages.draftCannotStop);
      // Pressed twice, the first stop stands: it is what students were held to.
      return { lifecycle: 'published', stoppedAt: sitting.stoppedAt ?? now };
    case 'reopen':
      return { lifecycle: sitting.lifecycle, stoppedAt: null };
  }
}

/**
 * Applies the action; answers the state as staff see it, or undefined if the sitting is gone. A
 * change of the stop is told to the students' timer long polls (follow-timer.ts) at once.
 */
export async function applyLifecycleAction(
  db: Db,
  feed: Pick<ChangeFeed, 'publishSitting'>,
  sitting: Sitting,
  action: LifecycleAction,
  now: Date,
): Promise<{ lifecycle: Sitting['lifecycle']; stoppedAt: string | null } | undefined> {
  const written = await writeSittingState(
    db,
    sitting.id,
    await nextState(db, sitting, action, now),
  );
  if (!written) return undefined;
  if (written.stoppedAt?.getTime() !== sitting.stoppedAt?.getTime())
    await feed.publishSitting({ type: 'sitting', sittingId: sitting.id, userId: null });
  return { lifecycle: written.lifecycle, stoppedAt: written.stoppedAt?.toISOString() ?? null };
}
