import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag.ts';

describe('etag', () => {
  it('is the same for equal values and differs otherwise', () => {
    expect(etagOf({ a: 1 })).toBe(etagOf({ a: 1 }));
    expect(etagOf({ a: 1 })).not.toBe(etagOf({ a: 2 }));
    expect(etagOf({ a: 1 })).toMatch(/^W\/"[\w-]+"$/);
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    const tag = etagOf('x');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.slice(2), tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
