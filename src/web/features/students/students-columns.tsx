/**
 * The Students table's columns; the last one signs the student out everywhere or deletes them
 * (each after a confirmation).
 */
import { messages } from '../../../contract/messages.ts';
import type { StudentsRow, StudentsSortColumn } from '../../../contract/results.ts';
import type { DataColumn } from '../../ui/data-table.tsx';

const none = messages.notAvailable;

export function studentsColumns(
  onDelete: (row: StudentsRow) => void,
  onSignOut: (row: StudentsRow) => void,
): DataColumn<StudentsRow, StudentsSortColumn>[] {
  return [
    { id: 'name', header: messages.colName, sortKey: 'name', rowHeader: true, cell: (r) => r.name },
    { id: 'email', header: messages.colEmail, sortKey: 'email', cell: (r) => r.email },
    { id: 'year', header: messages.colYear, sortKey: 'year', cell: (r) => r.year ?? none },
    { id: 'branch', header: messages.colBranch, sortKey: 'branch', cell: (r) => r.branch ?? none },
    {
      id: 'college',
      header: messages.colCollege,
      sortKey: 'college',
      cell: (r) => r.college ?? none,
    },
    {
      id: 'claimed',
      header: messages.colClaimed,
      sortKey: 'claimed',
      cell: (r) => (
        <span className={r.claimed ? 'claimed claimed--yes' : 'claimed'}>
          <span aria-hidden="true">{r.claimed ? '✓ ' : '○ '}</span>
          {r.claimed ? messages.yes : messages.no}
        </span>
      ),
    },
    {
      id: 'challengesTaken',
      header: messages.colChallengesTaken,
      sortKey: 'challengesTaken',
      numeric: true,
      cell: (r) => r.challengesTaken,
    },
    {
      id: 'actions',
      header: messages.colActions,
      stickyEnd: true,
      cell: (r) => (
        <span className="students__actions">
          <button
            type="button"
            className="button button--secondary button--small students__sign-out"
            aria-label={messages.signOutStudentLabel.replace('{email}', r.email)}
            onClick={() => onSignOut(r)}
          >
            {messages.signOutEverywhere}
          </button>
          <button
            type="button"
            className="button button--secondary button--small students__delete"
            aria-label={messages.deleteStudentLabel.replace('{email}', r.email)}
            onClick={() => onDelete(r)}
          >
            {messages.confirmDelete}
          </button>
        </span>
      ),
    },
  ];
}
