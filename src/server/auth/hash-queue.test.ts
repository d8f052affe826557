import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { HashQueue } from './hash-queue.ts';

/** A hash the test finishes by hand, on a clock the test moves. */
function harness(slots: number, budgetMs: number, initialHashMs = 50) {
  let clock = 0;
  const queue = new HashQueue({ slots, budgetMs, initialHashMs, now: () => clock });
  const pending: (() => void)[] = [];
  const started: number[] = [];
  const hash = (id: number) => () =>
    new Promise<number>((resolve) => {
      started.push(id);
      pending.push(() => resolve(id));
    });
  const finishFirst = async (ms: number) => {
    clock += ms;
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, hash, started, finishFirst };
}

describe('HashQueue', () => {
  it('hashes in arrival order, no more than its slots at a time', async () => {
    const { queue, hash, started, finishFirst } = harness(2, 60_000);
    const done: number[] = [];
    const runs = [1, 2, 3, 4, 5].map((id) => queue.run(hash(id)).then((n) => done.push(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    await finishFirst(50);
    expect(started).toEqual([1, 2, 3]);
    for (let i = 0; i < 4; i++) await finishFirst(50);
    await Promise.all(runs);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 503 with Retry-After at once when the wait would outlast the budget', async () => {
    const { queue, hash, started, finishFirst } = harness(1, 2_500, 1_000);
    const first = queue.run(hash(1)); // done in about 1 s
    const second = queue.run(hash(2)); // about 2 s: still within the budget
    // About 3 s: refused now, while the first hash is still running, without taking a slot.
    const refusal = await queue.run(hash(3)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(503);
    expect((refusal as HttpError).headers).toEqual({ 'retry-after': '3' });
    await finishFirst(1_000);
    await finishFirst(1_000);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(started).toEqual([1, 2]);
  });

  it('drops a waiter whose budget ran out while it waited', async () => {
    const { queue, hash, started, finishFirst } = harness(1, 1_000);
    const first = queue.run(hash(1));
    const second = queue.run(hash(2));
    const secondOutcome = second.catch((error: unknown) => error);
    await new Promise((resolve) => setImmediate(resolve));
    await finishFirst(5_000); // the first hash took far longer than the budget
    await first;
    expect(await secondOutcome).toBeInstanceOf(HttpError);
    expect(started).toEqual([1]);
  });

  it('estimates the wait from hashes completed per second, not one hash’s wall time', async () => {
    // Two slots finishing alternately every 100 ms: the queue completes 10 hashes a second,
    // measured while both slots were taken (the initial guess, 50 ms a hash, says 40).
    const { queue, hash, finishFirst } = harness(2, 60_000, 50);
    const runs = Array.from({ length: 30 }, (_, i) => queue.run(hash(i)));
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 12; i++) await finishFirst(100);
    expect(queue.hashesPerSecond()).toBe(10);
    // 18 ahead, 2 running: a slot frees after 17 completions (1.7 s), then a hash (< 200 ms).
    const estimate = queue.estimateMs();
    expect(estimate).toBeGreaterThan(1_700);
    expect(estimate).toBeLessThan(2_000);
    for (let i = 0; i < 18; i++) await finishFirst(100);
    await Promise.all(runs);
  });

  it("serves a sign-in's hash only if it can be done by the sign-in's deadline", async () => {
    const { queue, hash, started, finishFirst } = harness(1, 60_000, 1_000);
    const first = queue.run(hash(1));
    // A sign-in that arrived long ago: its deadline is 1.5 s away, the hash would end at ~2 s.
    const refusal = await queue.run(hash(2), 1_500).catch((error: unknown) => error);
    expect((refusal as HttpError).statusCode).toBe(503);
    // Within its deadline when asked, past it by its turn: dropped then, never hashed.
    const late = queue.run(hash(3), 2_100).catch((error: unknown) => error);
    await new Promise((resolve) => setImmediate(resolve));
    await finishFirst(1_500);
    await first;
    expect(((await late) as HttpError).statusCode).toBe(503);
    expect(started).toEqual([1]);
  });
});
