import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawFromPool } from './exam-draw.ts';

describe('drawing from a pool', () => {
  const sitting = '6f1c1a52-8a63-4d0e-9b7c-1f3a2e4d5c6b';

  it('gives the same challenge for the same sitting, student and slot, whatever the pool order', () => {
    const user = crypto.randomUUID();
    const first = drawFromPool(['B', 'A', 'C'], sitting, user, 1);
    expect(drawFromPool(['C', 'B', 'A'], sitting, user, 1)).toBe(first);
    expect(['A', 'B', 'C']).toContain(first);
  });

  it('spreads students roughly evenly over the pool', () => {
    const pool = ['P1', 'P2', 'P3', 'P4'];
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const pick = drawFromPool(pool, sitting, crypto.randomUUID(), 2) ?? '';
      counts.set(pick, (counts.get(pick) ?? 0) + 1);
    }
    for (const id of pool) expect(counts.get(id) ?? 0).toBeGreaterThan(2000 / pool.length / 2);
  });

  it('steps over a challenge the student already has in another slot', () => {
    const user = crypto.randomUUID();
    const first = drawFromPool(['A', 'B'], sitting, user, 1) ?? '';
    const other = first === 'A' ? 'B' : 'A';
    expect(drawFromPool(['A', 'B'], sitting, user, 1, new Set([first]))).toBe(other);
    expect(drawFromPool([], sitting, user, 1)).toBeUndefined();
  });
});
