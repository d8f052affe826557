import { describe, expect, it } from 'vitest';
import { ReportCache } from './report-cache.ts';

/** A computation the test finishes by hand, counting how often it was started. */
function deferred() {
  let calls = 0;
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const compute = () => {
    calls += 1;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    compute,
    calls: () => calls,
    finish: (value: string) => finish(value),
    fail: (error: Error) => fail(error),
  };
}

describe('ReportCache', () => {
  it('computes once per version and gives the kept report to later requests', async () => {
    const cache = new ReportCache<string>(4);
    let calls = 0;
    const compute = async () => `report ${++calls}`;
    await expect(cache.get('C1', 'v1', compute)).resolves.toBe('report 1');
    await expect(cache.get('C1', 'v1', compute)).resolves.toBe('report 1');
    expect(calls).toBe(1);
  });

  it('shares one computation between requests that arrive while it runs', async () => {
    const cache = new ReportCache<string>(4);
    const job = deferred();
    const first = cache.get('C1', 'v1', job.compute);
    const second = cache.get('C1', 'v1', job.compute);
    job.finish('shared');
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared']);
    expect(job.calls()).toBe(1);
  });

  it('computes again when the version changes (a new submission, a re-judge)', async () => {
    const cache = new ReportCache<string>(4);
    let calls = 0;
    const compute = async () => `report ${++calls}`;
    await cache.get('C1', '3|t1|t1|best-a', compute);
    await expect(cache.get('C1', '4|t2|t1|best-a', compute)).resolves.toBe('report 2');
    // The old version is not kept beside the new one.
    await expect(cache.get('C1', '4|t2|t1|best-a', compute)).resolves.toBe('report 2');
    expect(cache.size).toBe(1);
    expect(calls).toBe(2);
  });

  it('forgets a failed computation, so the next request tries again', async () => {
    const cache = new ReportCache<string>(4);
    const job = deferred();
    const failed = cache.get('C1', 'v1', job.compute);
    job.fail(new Error('worker died'));
    await expect(failed).rejects.toThrow('worker died');
    const retried = cache.get('C1', 'v1', job.compute);
    job.finish('second try');
    await expect(retried).resolves.toBe('second try');
    expect(job.calls()).toBe(2);
  });

  it('keeps at most maxEntries challenges, dropping the least recently asked for', async () => {
    const cache = new ReportCache<string>(2);
    let calls = 0;
    const compute = async () => `report ${++calls}`;
    await cache.get('A', 'v', compute);
    await cache.get('B', 'v', compute);
    await cache.get('A', 'v', compute); // A is now the most recent
    await cache.get('C', 'v', compute); // B goes
    expect(cache.size).toBe(2);
    expect(calls).toBe(3);
    await cache.get('A', 'v', compute);
    expect(calls).toBe(3);
    await cache.get('B', 'v', compute);
    expect(calls).toBe(4);
  });
});
