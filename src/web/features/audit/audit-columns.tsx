/**
 * The Audit log table's columns: when (the teacher's clock; the exact instant in the title), who,
 * from which address, the action and its call, the target, the outcome, and the changes as
 * lines (change-lines.ts), each change read out as "field, from, changed to, to".
 */
import type { AuditEntry } from '../../../contract/audit.ts';
import { auditUi } from '../../../contract/audit-ui.ts';
import type { DataColumn } from '../../ui/data-table.tsx';
import { changeLines } from './change-lines.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd hh:mm:ss on the reader's clock. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry.changes);
  if (lines.length === 0) return <span className="muted">{auditUi.noChanges}</span>;
  return (
    <ul className="audit-changes">
      {lines.map((line) => (
        <li key={line.field}>
          <span className="audit-changes__field">{line.field}</span>:{' '}
          {line.from === undefined ? (
            <>
              <span className="visually-hidden">{auditUi.setTo} </span>
              <span className="audit-changes__to">{line.to}</span>
            </>
          ) : (
            <>
              <span className="audit-changes__from">{line.from}</span>{' '}
              <span aria-hidden="true" className="audit-changes__arrow">
                →
              </span>
              <span className="visually-hidden">{auditUi.changedTo}</span>{' '}
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
    cell: (entry) => (
      <time dateTime={entry.at} title={entry.at} className="audit-when">
        {localTime(entry.at)}
      </time>
    ),
  },
  { id: 'who', header: auditUi.colWho, cell: (entry) => entry.actorEmail },
  {
    id: 'address',
    header: auditUi.colAddress,
    cell: (entry) => <span className="audit-mono">{entry.address}</span>,
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
    cell: (entry) =>
      entry.targetId === '' ? (
        <span className="muted">{auditUi.none}</span>
      ) : (
        <>
          <span className="audit-kind">{entry.targetKind}</span>{' '}
          <span className="audit-mono">{entry.targetId}</span>
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
