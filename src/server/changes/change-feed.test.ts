import { describe, expect, it } from 'vitest';
import { notifyPayloads, type Change } from './change-feed.ts';

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
