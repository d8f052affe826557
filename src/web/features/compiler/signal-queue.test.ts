import { describe, expect, it } from 'vitest';
import type { SignalEvent } from '../../../contract/signals.ts';
import { idbDelete } from '../../lib/idb.ts';
import {
  loadSignalQueue,
  MAX_QUEUED_SIGNALS,
  signalQueueKey,
  storeSignalQueue,
  updateSignalQueue,
} from './signal-queue.ts';
import { newSubmissionId } from './submission-queue.ts';

const event = (at: string): SignalEvent => ({ eventId: newSubmissionId(), at, kind: 'reload' });

describe('the queue of exam events', () => {
  it('keeps events per student and attempt, oldest first', async () => {
    const later = event('2026-11-25T10:02:00.000Z');
    const earlier = event('2026-11-25T10:01:00.000Z');
    await storeSignalQueue('u1', 'a1', [later, earlier]);
    expect(await loadSignalQueue('u1', 'a1')).toEqual([earlier, later]);
    expect(await loadSignalQueue('u2', 'a1')).toEqual([]);
    expect(await loadSignalQueue('u1', 'a2')).toEqual([]);
  });

  it('survives the loss of its IndexedDB copy, and drops what is not an event', async () => {
    const kept = event('2026-11-25T10:00:00.000Z');
    await storeSignalQueue('u3', 'a1', [kept]);
    await idbDelete(signalQueueKey('u3', 'a1'));
    window.localStorage.setItem(
      signalQueueKey('u3', 'a1'),
      JSON.stringify([kept, { kind: 'teleport' }]),
    );
    expect(await loadSignalQueue('u3', 'a1')).toEqual([kept]);
  });

  it('keeps only the newest events beyond its size', async () => {
    const many = Array.from({ length: MAX_QUEUED_SIGNALS + 5 }, (_, i) =>
      event(new Date(Date.UTC(2026, 10, 25, 10, 0, i)).toISOString()),
    );
    await storeSignalQueue('u4', 'a1', many);
    const loaded = await loadSignalQueue('u4', 'a1');
    expect(loaded).toHaveLength(MAX_QUEUED_SIGNALS);
    expect(loaded[0]).toEqual(many[5]);
  });

  it("applies a tab's change to what is stored, keeping another tab's unsent events", async () => {
    const first = event('2026-11-25T10:00:00.000Z');
    const second = event('2026-11-25T10:00:01.000Z');
    const third = event('2026-11-25T10:00:02.000Z');
    // Tab A records `first`; tab B, which never saw it, records `second`.
    await updateSignalQueue('u5', 'a1', { add: [first] });
    await updateSignalQueue('u5', 'a1', { add: [second] });
    expect(await loadSignalQueue('u5', 'a1')).toEqual([first, second]);
    // Tab A hears that `first` reached the server and records `third`: only `first` goes.
    await Promise.all([
      updateSignalQueue('u5', 'a1', { sent: new Set([first.eventId]) }),
      updateSignalQueue('u5', 'a1', { add: [third] }),
    ]);
    expect(await loadSignalQueue('u5', 'a1')).toEqual([second, third]);
    // An event already stored is kept once.
    await updateSignalQueue('u5', 'a1', { add: [second] });
    expect(await loadSignalQueue('u5', 'a1')).toEqual([second, third]);
  });
});
