/**
 * The dashboard's data table (Results and Students): the server sorts and pages, this only shows
 * one page. Sortable headers are buttons inside the header cells, and the sorted column carries
 * aria-sort (WAI-ARIA's sortable table pattern), so a screen reader says what is sorted and how.
 * Rows may open something on click; that is a mouse shortcut only: each row's own link or button
 * (rendered by a cell) is the keyboard's way, so no row is a focus stop of its own.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { SortDirection } from '../../contract/results.ts';
import { messages } from '../../contract/messages.ts';
import './data-table.css';

export type SortState<K extends string> = { column: K; dir: SortDirection };

export type DataColumn<Row, K extends string> = {
  id: string;
  header: string;
  /** Present: the header is a sort button for this server-side sort key. */
  sortKey?: K;
  cell: (row: Row) => ReactNode;
  /** Numbers and times line up on the right. */
  numeric?: boolean;
  /** The cell names its row (a row header for screen readers); it stays in view when the table
   * scrolls sideways. */
  rowHeader?: boolean;
  /** Stays in view at the right edge when the table scrolls sideways (a row's actions). */
  stickyEnd?: boolean;
};

function cellClass(column: { numeric?: boolean; stickyEnd?: boolean }): string | undefined {
  const names = [
    column.numeric ? 'data-table__numeric' : '',
    column.stickyEnd ? 'data-table__sticky-end' : '',
  ].filter(Boolean);
  return names.length > 0 ? names.join(' ') : undefined;
}

type Props<Row, K extends string> = {
  caption: string;
  columns: readonly DataColumn<Row, K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort: SortState<K>;
  onSort: (column: K) => void;
  emptyText: string;
  /** A request for this table is on its way (shown as aria-busy and dimmed rows). */
  busy?: boolean;
  onRowClick?: (row: Row) => void;
  /** Marks a row as the one whose details are open. */
  isCurrent?: (row: Row) => boolean;
  testId?: string;
};

const INTERACTIVE = 'a, button, input, select, textarea, summary, label';

export function DataTable<Row, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  emptyText,
  busy = false,
  onRowClick,
  isCurrent,
  testId,
}: Props<Row, K>) {
  function rowClicked(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    if (!onRowClick) return;
    // Links and buttons inside the row do their own thing; selecting text is not a click.
    if ((event.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  }

  return (
    <div className="data-table">
      <div className="table-wrap data-table__scroll">
        <table className="table data-table__table" aria-busy={busy} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = column.sortKey !== undefined && column.sortKey === sort.column;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={column.rowHeader ? 'data-table__sticky-start' : cellClass(column)}
                    aria-sort={
                      sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {column.sortKey === undefined ? (
                      column.header
                    ) : (
                      <SortButton
                        label={column.header}
                        state={sorted ? sort.dir : null}
                        onClick={() => column.sortKey !== undefined && onSort(column.sortKey)}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={busy ? 'data-table__body--busy' : undefined}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table__empty">
                  {busy ? messages.loading : emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={onRowClick ? 'data-table__row--clickable' : undefined}
                  aria-current={isCurrent?.(row) ? 'true' : undefined}
                  onClick={(event) => rowClicked(event, row)}
                >
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th
                        key={column.id}
                        scope="row"
                        className="data-table__row-header data-table__sticky-start"
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.id} className={cellClass(column)}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A sortable column's header button (also the proctor table's). */
export function SortButton({
  label,
  state,
  onClick,
}: {
  label: string;
  state: SortDirection | null;
  onClick: () => void;
}) {
  return (
    <button type="button" className="data-table__sort" onClick={onClick}>
      {label}
      <span className="data-table__sort-icon" aria-hidden="true">
        {state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/** Under the table: which rows are shown, and the keyset pager (previous / next page). */
export function TablePager({
  from,
  to,
  total,
  onPrevious,
  onNext,
}: {
  from: number;
  to: number;
  total: number;
  /** Absent on the first page. */
  onPrevious?: () => void;
  /** Absent on the last page. */
  onNext?: () => void;
}) {
  return (
    <nav className="data-table__pager" aria-label={messages.tablePages}>
      <p className="muted" data-testid="rows-shown">
        {messages.rowsShown
          .replace('{from}', String(total === 0 ? 0 : from))
          .replace('{to}', String(to))
          .replace('{total}', total.toLocaleString())}
      </p>
      <div className="actions">
        {/* aria-disabled, not disabled: the focused button keeps focus on the last page. */}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={!onPrevious}
          onClick={() => onPrevious?.()}
        >
          {messages.previousPage}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={!onNext}
          onClick={() => onNext?.()}
        >
          {messages.nextPage}
        </button>
      </div>
    </nav>
  );
}
