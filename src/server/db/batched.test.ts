import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

/** A run that records its batches and answers when released. */
function recorder() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      releases.push(() =>
        items.includes(-1) ? reject(new Error('bad item')) : resolve(items.map((n) => `r${n}`)),
      );
    });
  const releaseNext = async () => {
    await new Promise((r) => setTimeout(r, 0));
    releases.shift()?.();
  };
  return { batches, run, releaseNext };
}

describe('batched', () => {
  it('sends a lone call at once and gathers the calls that arrive meanwhile', async () => {
    const { batches, run, releaseNext } = recorder();
    const call = batched(run, { inFlight: 1, maxBatch: 10 });
    const first = call(1);
    const rest = [call(2), call(3), call(4)];
    expect(batches).toEqual([[1]]);
    await releaseNext();
    expect(await first).toBe('r1');
    await releaseNext();
    expect(await Promise.all(rest)).toEqual(['r2', 'r3', 'r4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches within maxBatch and runs up to inFlight of them at once', async () => {
    const { batches, run, releaseNext } = recorder();
    const call = batched(run, { inFlight: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => call(n));
    expect(batches).toEqual([[1], [2]]);
    for (let i = 0; i < 4; i += 1) await releaseNext();
    expect(await Promise.all(all)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(batches.slice(2).flat().sort()).toEqual([3, 4, 5]);
    expect(Math.max(...batches.map((b) => b.length))).toBe(2);
  });

  it('runs a failed batch again one by one, so only the bad item fails', async () => {
    const { batches, run, releaseNext } = recorder();
    const call = batched(run, { inFlight: 1, maxBatch: 10 });
    const first = call(1);
    const rest = [call(2), call(-1), call(3)].map((p) => p.then(String, (e: Error) => e.message));
    for (let i = 0; i < 5; i += 1) await releaseNext();
    expect(await first).toBe('r1');
    expect(await Promise.all(rest)).toEqual(['r2', 'bad item', 'r3']);
    expect(batches).toEqual([[1], [2, -1, 3], [2], [-1], [3]]);
  });

  it('fails a batch whose run answers for the wrong number of items', async () => {
    const call = batched(async (items: number[]) => items.slice(1), { inFlight: 1, maxBatch: 5 });
    await expect(call(1)).rejects.toThrow('a batch of 1 got 0 results');
  });
});
