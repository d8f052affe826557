/**
 * The proctor table: every student of the sitting in one real <table>, virtualised with
 * @tanstack/react-virtual so 500 rows (a lecture hall) cost the DOM of the twenty in view. Rows
 * out of view are replaced by two spacer rows of their height, so the table keeps its layout
 * and sticky header; the table says how many rows it has (aria-rowcount) and each rendered row
 * which one it is (aria-rowindex), as WAI-ARIA asks of a table that shows a part of its rows.
 * The scroll box is a focus stop with a name, so the keyboard scrolls it; sorting is by header
 * buttons with aria-sort, as in the other tables.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import {
  proctorMessages as t,
  type ProctorStudent,
  type ProctorView,
} from '../../../contract/proctor.ts';
import { SortButton } from '../../ui/data-table.tsx';
import {
  clockText,
  integrityLines,
  problemText,
  STATE_LABELS,
  timeLeftText,
} from './proctor-format.ts';
import type { ProctorColumn, ProctorSort } from './proctor-rows.ts';
import '../../ui/data-table.css';

/** Two lines of text and the cell padding; rows are held to it by CSS (proctor.css). */
export const ROW_HEIGHT = 60;

export type RenderActions = (row: ProctorStudent, sitting: ProctorView['sitting']) => ReactNode;

type Column = { id: ProctorColumn | 'actions'; header: string; numeric?: boolean };

const COLUMNS: readonly Column[] = [
  { id: 'student', header: t.colStudent },
  { id: 'state', header: t.colState },
  { id: 'timeLeft', header: t.colTimeLeft, numeric: true },
  { id: 'problem', header: t.colProblem },
  { id: 'lastActivity', header: t.colLastActivity, numeric: true },
  { id: 'submissions', header: t.colSubmissions, numeric: true },
  { id: 'integrity', header: t.colIntegrity },
];

type Props = {
  rows: readonly ProctorStudent[];
  sitting: ProctorView['sitting'];
  now: number;
  sort: ProctorSort;
  onSort: (column: ProctorColumn) => void;
  /** A row's actions (extra time, reopen, reset, message); no column without it. */
  renderActions?: RenderActions | undefined;
};

export function ProctorTable({ rows, sitting, now, sort, onSort, renderActions }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // Not memoisable (it hands out fresh functions): the table re-renders every second anyway, for
  // the countdowns, so nothing is lost by the compiler skipping it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns: readonly Column[] = renderActions
    ? [...COLUMNS, { id: 'actions', header: t.colActions }]
    : COLUMNS;
  const caption = t.tableLabel.replace('{name}', sitting.title);

  return (
    <div
      ref={scroller}
      className="proctor-table__scroll"
      tabIndex={0}
      role="region"
      aria-label={caption}
      data-testid="proctor-scroll"
    >
      <table
        className="table data-table__table proctor-table"
        aria-rowcount={rows.length + 1}
        data-testid="proctor-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} className={`proctor-table__col--${c.id}`} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const sorted = column.id === sort.column;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={
                    column.id === 'student'
                      ? 'proctor-table__student'
                      : column.numeric
                        ? 'data-table__numeric'
                        : undefined
                  }
                  aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.id === 'actions' ? (
                    column.header
                  ) : (
                    <SortButton
                      label={column.header}
                      state={sorted ? sort.dir : null}
                      onClick={() => column.id !== 'actions' && onSort(column.id)}
                    />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr aria-rowindex={2}>
              <td colSpan={columns.length} className="data-table__empty">
                {t.noStudents}
              </td>
            </tr>
          ) : null}
          {top > 0 ? <Spacer height={top} span={columns.length} /> : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.userId}
                aria-rowindex={item.index + 2}
                data-state={row.state}
                data-testid="proctor-row"
                className="proctor-table__row"
              >
                <th
                  scope="row"
                  className="data-table__row-header proctor-table__student"
                  title={`${row.name} <${row.email}>`}
                >
                  <span className="proctor-table__line">{row.name}</span>
                  <span className="proctor-table__second">{row.email}</span>
                </th>
                <td>
                  <StateBadge row={row} />
                </td>
                <td className="data-table__numeric" data-testid="proctor-time-left">
                  {timeLeftText(row, now)}
                </td>
                <td className="proctor-table__problem" data-testid="proctor-problem">
                  {problemText(row)}
                </td>
                <td className="data-table__numeric" title={row.lastActivityAt ?? undefined}>
                  {clockText(row.lastActivityAt)}
                </td>
                <td className="data-table__numeric" data-testid="proctor-submissions">
                  {row.state === 'not-started' ? t.none : row.submissions}
                </td>
                <td className="proctor-table__integrity">
                  <Integrity row={row} />
                </td>
                {renderActions ? (
                  <td className="proctor-table__actions">{renderActions(row, sitting)}</td>
                ) : null}
              </tr>
            );
          })}
          {bottom > 0 ? <Spacer height={bottom} span={columns.length} /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** The rows out of view, as one empty row of their height (hidden from screen readers). */
function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="proctor-table__spacer">
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

function StateBadge({ row }: { row: ProctorStudent }) {
  return (
    <>
      <span className={`proctor-state proctor-state--${row.state}`} data-testid="proctor-state">
        {STATE_LABELS[row.state]}
      </span>
      {row.state === 'offline' ? (
        <span className="proctor-table__second" data-testid="proctor-offline-since">
          {/* Never heard from since the start: offline since the start. */}
          {t.offlineSince.replace('{time}', clockText(row.lastSeenAt ?? row.startedAt))}
        </span>
      ) : null}
    </>
  );
}

function Integrity({ row }: { row: ProctorStudent }) {
  const lines = integrityLines(row);
  if (lines === null) return t.none;
  return (
    <>
      <span className="proctor-table__line">{lines[0]}</span>
      <span className="proctor-table__second">{lines[1]}</span>
    </>
  );
}
