/**
 * The Students table's columns; with a course chosen, the student's Student ID and section in it
 * (issue 33). The last one opens the student's sign-in help (activation link, one-time password),
 * signs them out everywhere or deletes them (each after a confirmation).
 */
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { messages } from '../../../contract/messages.ts';
import type { StudentsRow, StudentsSortColumn } from '../../../contract/results.ts';
import type { DataColumn } from '../../ui/data-table.tsx';

const none = messages.notAvailable;

type RowActions = {
  onDelete: (row: StudentsRow) => void;
  onSignOut: (row: StudentsRow) => void;
  onHelp: (row: StudentsRow) => void;
};

export function studentsColumns(
  { onDelete, onSignOut, onHelp }: RowActions,
  inCourse: boolean,
): DataColumn<StudentsRow, StudentsSortColumn>[] {
  const courseColumns: DataColumn<StudentsRow, StudentsSortColumn>[] = inCourse
    ? [
        {
          id: 'studentNumber',
          header: credentialsUi.colStudentNumber,
          cell: (r) => r.studentNumber ?? none,
        },
        { id: 'section', header: credentialsUi.colSection, cell: (r) => r.section ?? none },
      ]
    : [];
  return [
    { id: 'name', header: messages.colName, sortKey: 'name', rowHeader: true, cell: (r) => r.name },
    { id: 'email', header: messages.colEmail, sortKey: 'email', cell: (r) => r.email },
    ...courseColumns,
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
            aria-label={credentialsUi.helpLabel.replace('{email}', r.email)}
            onClick={() => onHelp(r)}
          >
            {credentialsUi.help}
          </button>
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
