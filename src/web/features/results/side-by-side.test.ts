import { describe, expect, it } from 'vitest';
import { sideBySide } from './side-by-side.ts';

describe('sideBySide', () => {
  it('lines up unchanged, changed, removed and added lines with their own numbers', () => {
    const before = 'a = 1\nb = 2\nc = 3\nprint(a)\n';
    const after = 'a = 1\nb = 20\nprint(a)\nprint(b)\n';
    const { rows, added, removed } = sideBySide(before, after);
    expect(rows.map((r) => [r.kind, r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['same', 'a = 1', 'a = 1'],
      ['changed', 'b = 2', 'b = 20'],
      ['removed', 'c = 3', null],
      ['same', 'print(a)', 'print(a)'],
      ['added', null, 'print(b)'],
    ]);
    // Line numbers count each side on its own.
    expect(rows.map((r) => [r.left?.number ?? null, r.right?.number ?? null])).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
      [4, 3],
      [null, 4],
    ]);
    expect({ added, removed }).toEqual({ added: 2, removed: 2 });
  });

  it('has nothing to mark for identical code, with or without a final newline', () => {
    const same = sideBySide('x\ny', 'x\ny');
    expect(same.rows.every((r) => r.kind === 'same')).toBe(true);
    expect(same.rows).toHaveLength(2);
    expect(sideBySide('', '')).toEqual({ rows: [], added: 0, removed: 0 });
  });

  it('shows a whole new file as added lines', () => {
    const { rows, added } = sideBySide('', 'one\ntwo\n');
    expect(rows.map((r) => r.kind)).toEqual(['added', 'added']);
    expect(added).toBe(2);
  });
});
