import { describe, expect, it } from 'vitest';
import { GONE, VersionCache } from './version-cache.ts';

function cacheAt(clock: { now: number }, maxEntries = 10) {
  return new VersionCache({ ttlMs: 1000, maxEntries, now: () => clock.now });
}

describe('version cache', () => {
  it('keeps the larger version whatever order they arrive in, and GONE above all', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    expect(cache.get('student:a')).toBeUndefined();
    cache.note('student:a', 2);
    // A read that started before the revocation to 2 arrives late with 1: 2 stays.
    cache.note('student:a', 1);
    expect(cache.get('student:a')).toBe(2);
    cache.note('student:a', 3);
    expect(cache.get('student:a')).toBe(3);
    cache.note('student:a', GONE);
    cache.note('student:a', 4);
    expect(cache.get('student:a')).toBe(GONE);
    expect(cache.get('admin:a')).toBeUndefined();
  });

  it('trusts an entry for its time to live only', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    cache.note('student:a', 1);
    clock.now = 999;
    expect(cache.get('student:a')).toBe(1);
    clock.now = 1000;
    expect(cache.get('student:a')).toBeUndefined();
  });

  it('after clear(), forgets everything and drops the results of reads begun before it', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    cache.note('student:a', 5);
    const before = cache.generation;
    cache.clear();
    expect(cache.get('student:a')).toBeUndefined();
    cache.note('student:b', 0, before);
    expect(cache.get('student:b')).toBeUndefined();
    cache.note('student:b', 0, cache.generation);
    expect(cache.get('student:b')).toBe(0);
  });

  it('holds at most maxEntries, forgetting the least recently noted first', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, 2);
    cache.note('student:a', 1);
    cache.note('student:b', 1);
    cache.note('student:a', 2);
    cache.note('student:c', 1);
    expect(cache.size).toBe(2);
    expect(cache.get('student:b')).toBeUndefined();
    expect(cache.get('student:a')).toBe(2);
    expect(cache.get('student:c')).toBe(1);
  });
});
