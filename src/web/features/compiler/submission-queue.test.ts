import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queueKey } from '../../lib/problem-scope.ts';
import { loadQueue, newSubmissionId, storeQueue } from './submission-queue.ts';

describe('the offline submission queue', () => {
  it('keeps submissions per student and challenge, oldest first', async () => {
    const later = { submissionId: newSubmissionId(), code: 'b', queuedAt: '2026-11-22T10:02:00Z' };
    const earlier = {
      submissionId: newSubmissionId(),
      code: 'a',
      queuedAt: '2026-11-22T10:01:00Z',
    };
    await storeQueue('u1', 'C-1', [later, earlier]);
    expect(await loadQueue('u1', 'C-1')).toEqual([earlier, later]);
    expect(await loadQueue('u2', 'C-1')).toEqual([]);
    expect(await loadQueue('u1', 'C-2')).toEqual([]);
  });

  it('still has the submissions when one of its two copies is lost', async () => {
    const q = { submissionId: newSubmissionId(), code: 'x', queuedAt: '2026-11-22T10:00:00Z' };
    await storeQueue('u3', 'C-1', [q]);
    localStorage.removeItem(queueKey('u3', 'C-1'));
    expect(await loadQueue('u3', 'C-1')).toEqual([q]);
    localStorage.setItem(queueKey('u4', 'C-1'), JSON.stringify([q]));
    expect(await loadQueue('u4', 'C-1')).toEqual([q]);
  });

  it('makes version 4 UUIDs the server accepts, without crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 50 }, newSubmissionId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
  });
});
