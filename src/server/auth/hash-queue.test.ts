import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { HashQueue } from './hash-queue.ts';

/** A hash the test finishes by hand, on a clock the test moves. */
function harness(slots: number, budgetMs: number, initialHashMs = 50, windowMs = 1_000) {
  let clock = 0;
  const queue = new HashQueue({ slots, budgetMs, initialHashMs, windowMs, now: () => clock });
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
  /** Finishes the running hashes in turn, `ms` apart, until `count` are done. */
  const finish = async (count: number, ms: number) => {
    for (let i = 0; i < count; i++) await finishFirst(ms);
  };
  return { queue, hash, started, finishFirst, finish };
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

  it("never refuses a hash without a deadline (a starting server's administrator): it waits its turn", async () => {
    const { queue, hash, started, finishFirst } = harness(1, 1_500, 1_000);
    const first = queue.run(hash(1));
    // Budget 1.5 s, estimate 2 s: a sign-in is refused here, the seed is not.
    await expect(queue.run(hash(3))).rejects.toBeInstanceOf(HttpError);
    const seed = queue.run(hash(2), Number.POSITIVE_INFINITY);
    await finishFirst(1_000);
    await finishFirst(1_000);
    expect(await Promise.all([first, seed])).toEqual([1, 2]);
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
    const { queue, hash, finishFirst, finish } = harness(2, 60_000, 50);
    const runs = Array.from({ length: 30 }, (_, i) => queue.run(hash(i)));
    await new Promise((resolve) => setImmediate(resolve));
    await finish(12, 100); // eleven gaps while full: a window of this burst's busy time
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

  it("until a burst's own rate is known, estimates every slot hashing as fast as the fastest", async () => {
    const { queue, hash, finish } = harness(2, 60_000, 50);
    // Eight hashes one at a time: 40 ms each but one of 200 ms (contention for a moment).
    for (const ms of [40, 40, 200, 40, 40, 40, 40, 40]) {
      const run = queue.run(hash(0));
      await new Promise((resolve) => setImmediate(resolve));
      await finish(1, ms);
      await run;
    }
    expect(queue.capacityPerSecond()).toBe(50); // two slots, 40 ms a hash
    expect(queue.hashesPerSecond()).toBe(50);
  });

  it('does not refuse a new burst from the rate of the burst before it', async () => {
    // One slot. A slow burst: twelve hashes of 250 ms back to back, 4 a second, measured.
    const { queue, hash, finish } = harness(1, 8_000, 40);
    const slow = Array.from({ length: 12 }, () => queue.run(hash(0)));
    await new Promise((resolve) => setImmediate(resolve));
    await finish(12, 250);
    await Promise.all(slow);
    // Then four sign-ins one at a time, each hashed in 40 ms on a free core.
    for (let i = 0; i < 4; i++) {
      const run = queue.run(hash(0));
      await new Promise((resolve) => setImmediate(resolve));
      await finish(1, 40);
      await run;
    }
    // A burst of 150: 4 a second would refuse all past the 32nd; until its own rate is known it
    // is judged by the fast hashes (25 a second, 6 s for all of them), and all are served in time.
    const burst = Array.from({ length: 150 }, () => queue.run(hash(1)));
    const outcomes = burst.map((run) =>
      run.then(
        () => 'hashed',
        () => 'refused',
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await finish(150, 40);
    expect(new Set(await Promise.all(outcomes))).toEqual(new Set(['hashed']));
  });

  it('tells the waiters the burst’s own rate cannot serve in time 2 s before their deadline', async () => {
    // One slot, 40 ms a hash alone: a burst of 150 with 8 s each is admitted (6 s at 25 a second).
    const { queue, hash, finish } = harness(1, 8_000, 40);
    const burst = Array.from({ length: 150 }, (_, i) => queue.run(hash(i)));
    const outcomes: string[] = Array.from({ length: 150 }, () => 'waiting');
    burst.forEach((run, i) =>
      run.then(
        () => (outcomes[i] = 'hashed'),
        () => (outcomes[i] = 'refused'),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // The machine does 10 a second: known after 1.1 s, but nobody is told yet (6.9 s left).
    await finish(11, 100);
    expect(outcomes).not.toContain('refused');
    // At 6 s, 2 s before their deadline, the ones it cannot serve by 8 s are told so, not at
    // their turn; the others keep their place.
    await finish(49, 100);
    await new Promise((resolve) => setImmediate(resolve));
    const refused = outcomes.filter((outcome) => outcome === 'refused').length;
    expect(refused).toBeGreaterThan(50);
    expect(outcomes.slice(150 - refused).every((outcome) => outcome === 'refused')).toBe(true);
    expect(outcomes.slice(0, 60).every((outcome) => outcome === 'hashed')).toBe(true);
    // Those kept are all served, in order, within their 8 s.
    await finish(150 - refused - 60, 100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcomes.slice(0, 150 - refused).every((outcome) => outcome === 'hashed')).toBe(true);
  });
});
