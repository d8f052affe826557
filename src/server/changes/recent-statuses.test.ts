import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed, ChangeListener } from './change-feed.ts';
import { trackRecentStatuses } from './recent-statuses.ts';

/** An in-memory feed, as on PGlite (change-feed.ts): publish reaches every subscriber. */
function memoryFeed(): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  return {
    publish: async (change) => listeners.forEach((l) => l(change)),
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    subscribeToSubmission: () => () => undefined,
    publishSitting: async () => undefined,
    subscribeToSitting: () => () => undefined,
    close: async () => listeners.clear(),
  };
}

const change = (id: string, status: Change['status']): Change => ({
  type: 'submission',
  submissionId: id,
  userId: 'u1',
  challengeId: 'C',
  status,
});

describe('recent statuses', () => {
  it('follows each submission to its latest status heard on the feed', async () => {
    const feed = memoryFeed();
    const recent = trackRecentStatuses(feed);
    await feed.publish(change('a', 'queued'));
    await feed.publish(change('a', 'running'));
    await feed.publish(change('b', 'queued'));
    expect(recent.get('a')).toEqual({ userId: 'u1', status: 'running' });
    expect(recent.get('b')?.status).toBe('queued');
    expect(recent.get('c')).toBeUndefined();
    recent.close();
    await feed.publish(change('b', 'judged'));
    expect(recent.get('b')?.status).toBe('queued');
  });

  it('forgets the least recently changed first once full', async () => {
    const feed = memoryFeed();
    const recent = trackRecentStatuses(feed, 2);
    await feed.publish(change('a', 'queued'));
    await feed.publish(change('b', 'queued'));
    await feed.publish(change('a', 'running'));
    await feed.publish(change('c', 'queued'));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.status).toBe('running');
    expect(recent.get('c')?.status).toBe('queued');
  });
});
