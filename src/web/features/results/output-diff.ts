/**
 * A test's expected output against the program's, for the submissions dialog (issue 34 item 1):
 * lines paired as in the code comparison (side-by-side.ts), and within a changed line the words
 * and the whitespace that differ (`diffWordsWithSpace`), so "3 4" against "3  4" or a missing
 * final newline shows where. Whitespace is drawn visibly (`visibleWhitespace`), because that is
 * what most often makes an output that looks right wrong.
 *
 * Both outputs are at most 64 KiB, but two long outputs that differ everywhere can cost the diff
 * seconds: each diff has a time budget, and past it the outputs are shown without one (null).
 */
import { diffLines, diffWordsWithSpace } from 'diff';
import { pairRows, type DiffRow } from './side-by-side.ts';

/** Time budgets in ms: the whole line diff, and one changed line's word diff. */
const LINES_BUDGET_MS = 1500;
const WORDS_BUDGET_MS = 50;

export type Piece = { text: string; changed: boolean };
export type OutputLine = {
  number: number;
  pieces: Piece[];
  /** The line ends with a newline (false only for a last line without one). */
  eol: boolean;
  /** Only one side of a changed row ends with a newline. */
  eolChanged: boolean;
};
export type OutputRow = {
  kind: DiffRow['kind'];
  expected: OutputLine | null;
  actual: OutputLine | null;
};
export type OutputDiff = {
  rows: OutputRow[];
  /** Rows that are not the same on both sides. */
  differing: number;
};

const lineCount = (text: string) => {
  const lines = text.split('\n');
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
};

/** Null when the outputs differ too much to be compared within the time budget. */
export function outputDiff(expected: string, actual: string): OutputDiff | null {
  const parts = diffLines(expected, actual, { timeout: LINES_BUDGET_MS });
  if (!parts) return null;
  const { rows } = pairRows(parts);
  const last = { expected: lineCount(expected), actual: lineCount(actual) };
  const ends = {
    expected: (n: number) => n < last.expected || expected.endsWith('\n'),
    actual: (n: number) => n < last.actual || actual.endsWith('\n'),
  };
  let differing = 0;
  const out = rows.map((row): OutputRow => {
    if (row.kind !== 'same') differing += 1;
    const left = row.left;
    const right = row.right;
    const eolLeft = left ? ends.expected(left.number) : false;
    const eolRight = right ? ends.actual(right.number) : false;
    const eolChanged = row.kind === 'changed' && eolLeft !== eolRight;
    const [leftPieces, rightPieces] =
      row.kind === 'changed' && left && right
        ? wordPieces(left.text, right.text)
        : [
            left ? [{ text: left.text, changed: row.kind !== 'same' }] : [],
            right ? [{ text: right.text, changed: row.kind !== 'same' }] : [],
          ];
    return {
      kind: row.kind,
      expected: left && {
        number: left.number,
        pieces: leftPieces,
        eol: eolLeft,
        eolChanged: eolChanged || (row.kind === 'removed' && eolLeft),
      },
      actual: right && {
        number: right.number,
        pieces: rightPieces,
        eol: eolRight,
        eolChanged: eolChanged || (row.kind === 'added' && eolRight),
      },
    };
  });
  return { rows: out, differing };
}

/** The two sides of a changed line, split where their words or whitespace differ. */
function wordPieces(expected: string, actual: string): [Piece[], Piece[]] {
  const parts = diffWordsWithSpace(expected, actual, { timeout: WORDS_BUDGET_MS });
  if (!parts) return [[{ text: expected, changed: true }], [{ text: actual, changed: true }]];
  const left: Piece[] = [];
  const right: Piece[] = [];
  for (const part of parts) {
    if (!part.added) left.push({ text: part.value, changed: Boolean(part.removed) });
    if (!part.removed) right.push({ text: part.value, changed: Boolean(part.added) });
  }
  return [left, right];
}

export type Glyph = { text: string; whitespace: boolean };

/**
 * The symbols whitespace is drawn with (and the legend's). A carriage return is written `\r`
 * and a no-break space `°`: the control-picture characters (␍, ⍽) are missing from common fonts.
 */
export const WHITESPACE_SYMBOLS: Readonly<Record<string, string>> = {
  ' ': '·',
  '\t': '→',
  '\r': '\\r',
  '\u00a0': '°',
};
export const END_OF_LINE_SYMBOL = '⏎';

/** `text` split into runs of ordinary characters and of whitespace drawn as symbols. */
export function visibleWhitespace(text: string): Glyph[] {
  const glyphs: Glyph[] = [];
  let plain = '';
  for (const char of text) {
    const symbol = WHITESPACE_SYMBOLS[char];
    if (symbol === undefined) {
      plain += char;
      continue;
    }
    if (plain) glyphs.push({ text: plain, whitespace: false });
    plain = '';
    const previous = glyphs[glyphs.length - 1];
    if (previous?.whitespace) previous.text += symbol;
    else glyphs.push({ text: symbol, whitespace: true });
  }
  if (plain) glyphs.push({ text: plain, whitespace: false });
  return glyphs;
}

export type Shown = { row: OutputRow } | { skipped: number; from: number };

/**
 * Long runs of identical lines folded to `context` lines on each side of a difference, so one
 * wrong line in a thousand is found at once; `from` is the first folded row's position.
 */
export function foldSameRuns(rows: readonly OutputRow[], context = 3): Shown[] {
  const shown: Shown[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i];
    if (!row) break;
    if (row.kind !== 'same') {
      shown.push({ row });
      i += 1;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]?.kind === 'same') end += 1;
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    const run = rows.slice(i, end);
    if (run.length <= keepBefore + keepAfter + 1) for (const r of run) shown.push({ row: r });
    else {
      for (const r of run.slice(0, keepBefore)) shown.push({ row: r });
      shown.push({ skipped: run.length - keepBefore - keepAfter, from: i + keepBefore });
      for (const r of run.slice(run.length - keepAfter)) shown.push({ row: r });
    }
    i = end;
  }
  return shown;
}
