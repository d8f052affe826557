import { describe, expect, it } from 'vitest';
import {
  createChangeFeed,
  notifyPayloads,
  type Change,
  type SittingChange,
} from './change-feed.ts';

const change = (i: number): Change => ({
  type: 'submission',
  submissionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userId: '11111111-1111-4111-8111-111111111111',
  challengeId: 'EXAM-1',
  status: 'queued',
});

describe('notifyPayloads', () => {
  it('packs changes in order into JSON arrays that NOTIFY accepts (under 8000 bytes)', () => {
    const changes = Array.from({ length: 300 }, (_, i) => change(i));
    const payloads = notifyPayloads(changes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => JSON.parse(p) as Change[])).toEqual(changes);
  });

  it('sends nothing for no changes, and one array for one', () => {
    expect(notifyPayloads([])).toEqual([]);
    expect(notifyPayloads([change(1)]).map((p) => JSON.parse(p) as Change[])).toEqual([
      [change(1)],
    ]);
  });
});

describe('sitting changes', () => {
  it('reach the listeners of their sitting only, never the submission readers', async () => {
    const feed = createChangeFeed({ kind: 'pglite', pool: {} as never }, { warn: () => undefined });
    const general: Change[] = [];
    const mine: SittingChange[] = [];
    const other: SittingChange[] = [];
    feed.subscribe((c) => general.push(c));
    feed.subscribeToSitting('s-1', (c) => mine.push(c));
    const stop = feed.subscribeToSitting('s-2', (c) => other.push(c));
    const stopped: SittingChange = { type: 'sitting', sittingId: 's-1', userId: null };
    await feed.publishSitting(stopped);
    stop();
    await feed.publishSitting({ type: 'sitting', sittingId: 's-2', userId: 'u-1' });
    await feed.publish(change(1));
    expect(mine).toEqual([stopped]);
    expect(other).toEqual([]);
    expect(general).toEqual([change(1)]);
  });

  it('travel with submission changes in NOTIFY payloads', () => {
    const sitting: SittingChange = { type: 'sitting', sittingId: 's-1', userId: 'u-1' };
    expect(notifyPayloads([change(1), sitting]).map((p) => JSON.parse(p) as unknown)).toEqual([
      [change(1), sitting],
    ]);
  });
});
