/**
 * A test's expected output (left) against the program's (right), side by side (output-diff.ts):
 * differing lines marked with ≠ as well as colour, the words and whitespace that differ inverted,
 * whitespace drawn (· space, → tab, ⏎ end of line). Long runs of identical lines are folded
 * behind a button. The table scrolls inside a focusable region, as the code comparison's does.
 */
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { testOutputMessages as text } from '../../../contract/test-outputs.ts';
import {
  END_OF_LINE_SYMBOL,
  foldSameRuns,
  visibleWhitespace,
  type OutputDiff,
  type OutputLine,
  type OutputRow,
} from './output-diff.ts';

export function OutputDiffTable({ diff, label }: { diff: OutputDiff; label: string }) {
  const [unfolded, setUnfolded] = useState(false);
  const shown = useMemo(
    () =>
      unfolded || diff.differing === 0
        ? diff.rows.map((row) => ({ row }))
        : foldSameRuns(diff.rows),
    [diff, unfolded],
  );
  return (
    <div className="diff__scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="diff__table out-diff" data-testid="output-diff">
        <caption className="visually-hidden">{label}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{text.diffExpectedColumn}</th>
            <th scope="col">{text.diffActualColumn}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item, i) =>
            'row' in item ? (
              <Row key={i} row={item.row} />
            ) : (
              <tr key={i} className="out-diff__fold">
                <td colSpan={2}>
                  <button
                    type="button"
                    className="button button--ghost out-diff__unfold"
                    onClick={() => setUnfolded(true)}
                  >
                    {text.showIdentical.replace('{count}', String(item.skipped))}
                  </button>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function Row({ row }: { row: OutputRow }) {
  return (
    <tr className={`diff__row diff__row--${row.kind}`} data-kind={row.kind}>
      <Side line={row.expected} side="left" marked={row.kind !== 'same'} />
      <Side line={row.actual} side="right" marked={row.kind !== 'same'} />
    </tr>
  );
}

function Side({
  line,
  side,
  marked,
}: {
  line: OutputLine | null;
  side: 'left' | 'right';
  marked: boolean;
}) {
  if (!line) return <td className="diff__cell diff__cell--blank" />;
  return (
    <td className={`diff__cell diff__cell--${marked ? side : 'same'}`}>
      <span className="diff__number" aria-hidden="true">
        {line.number}
      </span>
      <span className="diff__sign" aria-hidden="true">
        {marked ? '≠' : ' '}
      </span>
      {marked ? <span className="visually-hidden">{text.diffChanged}: </span> : null}
      <code className="diff__text">
        {line.pieces.map((piece, i) => {
          const glyphs = <Glyphs text={piece.text} />;
          return piece.changed ? (
            <mark key={i} className="out-diff__mark">
              {glyphs}
            </mark>
          ) : (
            <Fragment key={i}>{glyphs}</Fragment>
          );
        })}
        {line.eol ? <EndOfLine changed={line.eolChanged} /> : null}
      </code>
    </td>
  );
}

function EndOfLine({ changed }: { changed: boolean }) {
  const symbol: ReactNode = <span className="out-diff__ws">{END_OF_LINE_SYMBOL}</span>;
  return changed ? <mark className="out-diff__mark">{symbol}</mark> : symbol;
}

/** Text with its whitespace drawn as symbols (in the muted colour, so they read as marks). */
export function Glyphs({ text: value }: { text: string }) {
  return (
    <>
      {visibleWhitespace(value).map((glyph, i) =>
        glyph.whitespace ? (
          <span key={i} className="out-diff__ws">
            {glyph.text}
          </span>
        ) : (
          <Fragment key={i}>{glyph.text}</Fragment>
        ),
      )}
    </>
  );
}
