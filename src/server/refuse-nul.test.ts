import { describe, expect, it } from 'vitest';
import { holdsNul } from './refuse-nul.ts';

describe('looking for NUL in a request', () => {
  it('finds it in any string, key or depth, and nowhere else', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ testCases: [{ input: 'ok' }, { input: '1\u0000' }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul([[[[['\u0000']]]]])).toBe(true);
    expect(holdsNul({ a: 'x', b: [1, null, true, { c: '\\u0000 typed as text' }] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });
  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });
});
