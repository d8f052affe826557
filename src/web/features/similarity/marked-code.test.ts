import { describe, expect, it } from 'vitest';
import { markedLines, regionCount } from './marked-code.ts';

/** A line as text with [brackets] around its shared parts, < and > at a region's ends. */
const show = (code: string, spans: { from: number; to: number }[]) =>
  markedLines(code, spans).map((line) =>
    line.parts
      .map((p) =>
        p.region === null ? p.text : `[${p.first ? '<' : ''}${p.text}${p.last ? '>' : ''}]`,
      )
      .join(''),
  );

describe('markedLines', () => {
  it('numbers the lines and marks the shared parts of each', () => {
    const code = 'a = 1\nb = a + 2\nprint(b)';
    const lines = markedLines(code, [{ from: 4, to: 5 }]);
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3]);
    expect(show(code, [{ from: 4, to: 5 }])).toEqual(['a = [<1>]', 'b = a + 2', 'print(b)']);
  });

  it('splits a region over the lines it runs across, flagging where it starts and ends', () => {
    const code = 'def f(x):\n    return x\n\nprint(f(1))';
    const from = code.indexOf('(x)');
    const to = code.indexOf('print') + 5;
    expect(show(code, [{ from, to }])).toEqual([
      'def f[<(x):]',
      '[    return x]',
      '',
      '[print>](f(1))',
    ]);
    expect(regionCount(markedLines(code, [{ from, to }]))).toBe(1);
  });

  it('ends a region that stops at a newline on its own line', () => {
    const code = 'one\ntwo\nthree';
    expect(show(code, [{ from: 0, to: 4 }])).toEqual(['[<one>]', 'two', 'three']);
  });

  it('sorts, clamps and de-overlaps the regions it is given', () => {
    const code = 'abcdefghij';
    const spans = [
      { from: 6, to: 99 },
      { from: 1, to: 4 },
      { from: 2, to: 5 },
      { from: 8, to: 8 },
    ];
    expect(show(code, spans)).toEqual(['a[<bcd>][<e>]f[<ghij>]']);
    expect(regionCount(markedLines(code, spans))).toBe(3);
  });

  it('keeps code without regions as it is', () => {
    expect(show('x\r\ny', [])).toEqual(['x\r', 'y']);
    expect(show('', [])).toEqual(['']);
  });

  it('marks common code apart, with its students, and leaves it out of the region walk', () => {
    const code = 'read()\nx = 1\nprint(x)';
    const lines = markedLines(code, [{ from: 7, to: 12 }], [{ from: 0, to: 6, students: 14 }]);
    expect(lines[0]?.parts).toEqual([
      { text: 'read()', region: 0, shared: null, students: 14, first: true, last: true },
    ]);
    expect(lines[1]?.parts[0]).toMatchObject({ text: 'x = 1', shared: 0, students: null });
    expect(regionCount(lines)).toBe(1);
  });
});
