/**
 * The Audit log table's columns: when (the teacher's clock; the exact instant in the title), who
 * and from which address, the action and its call, the target, the outcome, and the changes as
 * lines (change-lines.ts), each change read out as "field: from, changed to, to".
 */
import type { AuditEntry } from '../../../contract/audit.ts';
import { auditUi } from '../../../contract/audit-ui.ts';
import type { DataColumn } from '../../ui/data-table.tsx';
import { changeLines } from './change-lines.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** [yyyy-mm-dd, hh:mm:ss] on the reader's clock. */
export function localTime(iso: string): [string, string] {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return [iso, ''];
  return [
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  ];
}

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry.changes);
  if (lines.length === 0) return <span className="muted">{auditUi.none}</span>;
  return (
    <ul className="audit-changes">
      {lines.map((line) => (
        <li key={line.field}>
          <span className="audit-changes__field">{line.field}</span>:{' '}
          {line.from === undefined ? (
            <span className="audit-changes__to">{line.to}</span>
          ) : (
            <>
              <span className="audit-changes__from">{line.from}</span>{' '}
              {/* An image with a name: the eye sees an arrow, a screen reader says the words. */}
              <span role="img" aria-label={auditUi.changedTo} className="audit-changes__arrow">
                →
              </span>{' '}
              <span className="audit-changes__to">{line.to}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export const auditColumns: readonly DataColumn<AuditEntry, 'at'>[] = [
  {
    id: 'when',
    header: auditUi.colWhen,
    rowHeader: true,
    cell: (entry) => {
      const [day, time] = localTime(entry.at);
      return (
        <time dateTime={entry.at} title={entry.at} className="audit-when">
          <span>{day}</span> <span>{time}</span>
        </time>
      );
    },
  },
  {
    // Who and from where share a column, so the changes fit beside them without scrolling.
    id: 'who',
    header: auditUi.colWho,
    cell: (entry) => (
      <>
        <span className="audit-who">{entry.actorEmail}</span>{' '}
        <span className="audit-mono audit-address">{entry.address}</span>
      </>
    ),
  },
  {
    id: 'action',
    header: auditUi.colAction,
    cell: (entry) => (
      <>
        <span className="audit-action">{entry.action}</span>
        <span className="audit-call">{entry.call}</span>
      </>
    ),
  },
  {
    id: 'target',
    header: auditUi.colTarget,
    cell: (entry) => (
      <>
        {entry.targetId === '' ? (
          <span className="muted">{auditUi.none}</span>
        ) : (
          <>
            <span className="audit-kind">{entry.targetKind}</span>{' '}
            <span className="audit-mono audit-target">{entry.targetId}</span>
          </>
        )}
        {entry.courseCode === null ? null : (
          <span className="audit-course muted">
            {auditUi.inCourse.replace('{code}', entry.courseCode)}
          </span>
        )}
      </>
    ),
  },
  {
    id: 'outcome',
    header: auditUi.colOutcome,
    cell: (entry) =>
      entry.outcome < 400 ? (
        <span className="audit-outcome">{`${auditUi.outcomeDone} (${entry.outcome})`}</span>
      ) : (
        <span className="audit-outcome audit-outcome--refused">
          {`${auditUi.outcomeRefused} (${entry.outcome})`}
        </span>
      ),
  },
  { id: 'changes', header: auditUi.colChanges, cell: (entry) => <Changes entry={entry} /> },
];
