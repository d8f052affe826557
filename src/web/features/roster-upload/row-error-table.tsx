/** A scrollable table of rejected rows (row number as the spreadsheet shows it, and why). */
import type { RosterRowError } from '../../../contract/roster.ts';
import { messages } from '../../../contract/messages.ts';

/** Rendering 100,000 rows would freeze the page; the first ones say enough. */
const MAX_SHOWN = 200;

export function RowErrorTable({
  errors,
  caption,
  total = errors.length,
}: {
  errors: readonly RosterRowError[];
  caption: string;
  total?: number;
}) {
  if (errors.length === 0) return null;
  const shown = errors.slice(0, MAX_SHOWN);
  return (
    <div className="roster__table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="roster__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.rosterRowColumn}</th>
            <th scope="col">{messages.rosterProblemColumn}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error) => (
            <tr key={error.row}>
              <td>{error.row}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > shown.length ? (
        <p className="muted">
          {messages.rosterErrorsTruncated
            .replace('{shown}', shown.length.toLocaleString())
            .replace('{count}', total.toLocaleString())}
        </p>
      ) : null}
    </div>
  );
}
