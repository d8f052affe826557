import { describe, expect, it } from 'vitest';
import { jsonbText } from './sql-helpers.ts';

describe('jsonbText', () => {
  it('replaces lone surrogates and NUL with U+FFFD and keeps paired surrogates', () => {
    const text = jsonbText({ title: 'a\uD800b', nested: ['\uDFFFc\u0000'], emoji: 'ok 😀' });
    expect(JSON.parse(text)).toEqual({
      title: 'a\uFFFDb',
      nested: ['\uFFFDc\uFFFD'],
      emoji: 'ok 😀',
    });
    expect(text).not.toMatch(/\\u(d[89a-f]|0000)/i);
  });

  it('leaves keys, numbers, booleans and null as JSON.stringify does', () => {
    expect(jsonbText({ a: 1, b: true, c: null })).toBe('{"a":1,"b":true,"c":null}');
  });
});
