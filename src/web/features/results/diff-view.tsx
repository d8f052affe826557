/**
 * Two submissions side by side, old on the left and new on the right, changed lines marked with
 * − and + as well as colour. Loaded lazily with the `diff` library when Compare opens. The table
 * scrolls inside a focusable region, so a keyboard user can scroll long code with the arrows.
 */
import { useMemo } from 'react';
import { messages } from '../../../contract/messages.ts';
import { sideBySide, type DiffLine, type DiffRow } from './side-by-side.ts';

type Props = { before: string; after: string; leftNumber: number; rightNumber: number };

export default function DiffView({ before, after, leftNumber, rightNumber }: Props) {
  const diff = useMemo(() => sideBySide(before, after), [before, after]);
  const label = messages.diffTableLabel
    .replace('{left}', String(leftNumber))
    .replace('{right}', String(rightNumber));
  return (
    <div className="diff">
      <p className="muted" data-testid="diff-stats">
        {diff.added === 0 && diff.removed === 0
          ? messages.compareIdentical
          : messages.compareStats
              .replace('{added}', String(diff.added))
              .replace('{removed}', String(diff.removed))}
      </p>
      <div className="diff__scroll" role="region" aria-label={label} tabIndex={0}>
        <table className="diff__table">
          <caption className="visually-hidden">{label}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{messages.submissionNumber.replace('{n}', String(leftNumber))}</th>
              <th scope="col">{messages.submissionNumber.replace('{n}', String(rightNumber))}</th>
            </tr>
          </thead>
          <tbody>
            {diff.rows.map((row, i) => (
              <tr key={i} className={`diff__row diff__row--${row.kind}`}>
                <Side line={row.left} side="left" row={row} />
                <Side line={row.right} side="right" row={row} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Side({
  line,
  side,
  row,
}: {
  line: DiffLine | null;
  side: 'left' | 'right';
  row: DiffRow;
}) {
  if (!line) return <td className="diff__cell diff__cell--blank" />;
  const marked = row.kind !== 'same';
  const sign = side === 'left' ? '−' : '+';
  const change = side === 'left' ? messages.diffRemoved : messages.diffAdded;
  return (
    <td className={`diff__cell diff__cell--${marked ? side : 'same'}`}>
      <span className="diff__number" aria-hidden="true">
        {line.number}
      </span>
      <span className="diff__sign" aria-hidden="true">
        {marked ? sign : ' '}
      </span>
      {marked ? <span className="visually-hidden">{change}: </span> : null}
      <code className="diff__text">{line.text}</code>
    </td>
  );
}
