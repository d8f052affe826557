import { describe, expect, it } from 'vitest';
import { foldSameRuns, outputDiff, visibleWhitespace, type OutputRow } from './output-diff.ts';

const changedText = (line: OutputRow['expected']) =>
  (line?.pieces ?? []).filter((p) => p.changed).map((p) => p.text);

describe('outputDiff', () => {
  it('finds no difference between equal outputs, every line ending in a newline', () => {
    const diff = outputDiff('1\n2\n', '1\n2\n');
    expect(diff?.differing).toBe(0);
    expect(diff?.rows.map((r) => [r.kind, r.expected?.eol, r.actual?.eol])).toEqual([
      ['same', true, true],
      ['same', true, true],
    ]);
  });

  it('pairs a changed line and marks the words that differ, at line and token level', () => {
    const diff = outputDiff('case 1: 42\nok\n', 'case 1: 41\nok\n');
    expect(diff?.differing).toBe(1);
    const [first, second] = diff?.rows ?? [];
    expect(first?.kind).toBe('changed');
    expect(changedText(first?.expected ?? null)).toEqual(['42']);
    expect(changedText(first?.actual ?? null)).toEqual(['41']);
    expect(first?.expected?.pieces.map((p) => p.text).join('')).toBe('case 1: 42');
    expect(second?.kind).toBe('same');
  });

  it('marks a difference in whitespace only: a doubled space, a trailing space', () => {
    const [row] = outputDiff('3 4\n', '3  4 \n')?.rows ?? [];
    expect(row?.kind).toBe('changed');
    expect(changedText(row?.actual ?? null).join('|')).toMatch(/^ +(\| +)?$/u);
    expect(changedText(row?.expected ?? null).every((t) => t.trim() === '')).toBe(true);
  });

  it('marks a missing final newline on the line that lacks it', () => {
    const [row] = outputDiff('42\n', '42')?.rows ?? [];
    expect(row?.kind).toBe('changed');
    expect(row?.expected).toMatchObject({ eol: true, eolChanged: true });
    expect(row?.actual).toMatchObject({ eol: false, eolChanged: true });
    expect(changedText(row?.actual ?? null)).toEqual([]);
  });

  it('shows extra and missing lines on one side only', () => {
    const diff = outputDiff('a\n', 'a\nb\nc\n');
    expect(diff?.rows.map((r) => r.kind)).toEqual(['same', 'added', 'added']);
    expect(diff?.rows[1]?.expected).toBeNull();
    expect(changedText(diff?.rows[2]?.actual ?? null)).toEqual(['c']);
    expect(outputDiff('a\nb\n', '')?.rows.map((r) => r.kind)).toEqual(['removed', 'removed']);
  });
});

describe('visibleWhitespace', () => {
  it('draws spaces, tabs and carriage returns as symbols, runs kept together', () => {
    expect(visibleWhitespace('a b\t\tc\r')).toEqual([
      { text: 'a', whitespace: false },
      { text: '·', whitespace: true },
      { text: 'b', whitespace: false },
      { text: '→→', whitespace: true },
      { text: 'c', whitespace: false },
      { text: '\\r', whitespace: true },
    ]);
    expect(visibleWhitespace('')).toEqual([]);
  });
});

describe('foldSameRuns', () => {
  const rows = (kinds: string): OutputRow[] =>
    [...kinds].map((k, i) => ({
      kind: k === 's' ? 'same' : 'changed',
      expected: { number: i + 1, pieces: [], eol: true, eolChanged: false },
      actual: { number: i + 1, pieces: [], eol: true, eolChanged: false },
    }));

  it('folds long runs of identical lines to 3 lines of context around each difference', () => {
    const shown = foldSameRuns(rows('ssssssssssCssssssssss'));
    expect(shown.map((s) => ('skipped' in s ? `…${s.skipped}` : s.row.kind[0]))).toEqual([
      '…7',
      's',
      's',
      's',
      'c',
      's',
      's',
      's',
      '…7',
    ]);
  });

  it('keeps short runs whole', () => {
    expect(foldSameRuns(rows('ssCsssssssC')).every((s) => 'row' in s)).toBe(true);
  });
});
