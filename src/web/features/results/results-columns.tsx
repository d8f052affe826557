/**
 * The Results table's columns (issue 12 item 1), what a teacher reads first on the left: who,
 * the score and verdict, then the times, then the roster's year, branch and college, then the
 * student's Student ID and Section in the course when it has them (issue 33). The name
 * links to the student's submissions (the keyboard's way in; a click anywhere on the row does
 * the same), without scrolling the page.
 */
import { Link } from '@tanstack/react-router';
import { gradingMessages } from '../../../contract/grading.ts';
import { messages } from '../../../contract/messages.ts';
import type { ResultsRow, ResultsSortColumn } from '../../../contract/results.ts';
import type { ResultsCourse } from '../../../contract/results-sections.ts';
import type { DataColumn } from '../../ui/data-table.tsx';
import type { StudentRowAction } from '../../ui/student-row-action.ts';
import { dateTime, duration, score, shortDateTime } from './format.ts';
import { VerdictText } from '../../ui/verdict-text.tsx';
import { enrolmentColumns } from './section-filter.tsx';
import { signalColumns } from './signal-columns.tsx';

const none = messages.notAvailable;

export function resultsColumns(
  challengeId: string,
  /** The integrity counters, once the server sends them (a later issue). */
  withIntegrity: boolean,
  /** Exam signal counters (issue 17): the challenge records them. */
  withSignals = false,
  /** A last column of a feature's own (accommodations), with the admin's token. */
  rowAction?: { action: StudentRowAction; token: string },
  /** The challenge's course (its columns) and the section in the address (kept by the links). */
  { course, section }: { course?: ResultsCourse | undefined; section?: string | undefined } = {},
): DataColumn<ResultsRow, ResultsSortColumn>[] {
  const columns: DataColumn<ResultsRow, ResultsSortColumn>[] = [
    {
      id: 'name',
      header: messages.colName,
      sortKey: 'name',
      rowHeader: true,
      cell: (row) => (
        <Link
          to="/adminDash"
          search={{ view: 'results', challengeId, student: row.userId, section }}
          resetScroll={false}
          className="link results__student"
        >
          {row.name}
        </Link>
      ),
    },
    { id: 'email', header: messages.colEmail, sortKey: 'email', cell: (row) => row.email },
    {
      id: 'bestScore',
      header: messages.colBestScore,
      sortKey: 'bestScore',
      numeric: true,
      cell: (row) => (
        <span data-testid="best-score">
          {row.bestScore === null ? none : score(row.bestScore)}
          {row.bestPercent === null ? null : (
            <span className="muted"> ({score(row.bestPercent)}%)</span>
          )}
          {row.pending > 0 ? (
            <span className="results__pending">
              {messages.pendingCount.replace('{count}', String(row.pending))}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      // Issue 34 item 3: the override applied and the manual points added, beside the judge's.
      id: 'finalScore',
      header: gradingMessages.finalScore,
      numeric: true,
      cell: (row) => <FinalScore row={row} />,
    },
    {
      id: 'bestVerdict',
      header: messages.colVerdict,
      sortKey: 'bestVerdict',
      cell: (row) => <VerdictText verdict={row.bestVerdict} />,
    },
    {
      id: 'submissions',
      header: messages.colSubmissions,
      sortKey: 'submissions',
      numeric: true,
      cell: (row) => row.submissions,
    },
    {
      id: 'timeUsed',
      header: messages.colTimeUsed,
      sortKey: 'timeUsed',
      numeric: true,
      cell: (row) => duration(row.timeUsedSeconds),
    },
    {
      id: 'lastSubmissionAt',
      header: messages.colLastSubmission,
      sortKey: 'lastSubmissionAt',
      cell: (row) => <Time iso={row.lastSubmissionAt} />,
    },
    {
      id: 'startedAt',
      header: messages.colStartedAt,
      sortKey: 'startedAt',
      cell: (row) => <Time iso={row.startedAt} />,
    },
    {
      id: 'deadline',
      header: messages.colDeadline,
      sortKey: 'deadline',
      cell: (row) => <Time iso={row.deadline} />,
    },
    { id: 'year', header: messages.colYear, sortKey: 'year', cell: (row) => row.year ?? none },
    {
      id: 'branch',
      header: messages.colBranch,
      sortKey: 'branch',
      cell: (row) => row.branch ?? none,
    },
    {
      id: 'college',
      header: messages.colCollege,
      sortKey: 'college',
      cell: (row) => row.college ?? none,
    },
    ...enrolmentColumns<ResultsRow, ResultsSortColumn>(course),
  ];
  // Right after the submissions, so the counters are in view without scrolling the table.
  if (withSignals)
    columns.splice(
      columns.findIndex((c) => c.id === 'submissions') + 1,
      0,
      ...signalColumns(challengeId, section),
    );
  if (withIntegrity) {
    columns.push({
      id: 'integrity',
      header: messages.colIntegrity,
      cell: (row) =>
        Object.entries(row.integrity ?? {})
          .map(([name, count]) => `${name}: ${count}`)
          .join(', ') || none,
    });
  }
  if (rowAction) {
    const { action, token } = rowAction;
    columns.push({
      id: 'row-action',
      header: action.header,
      stickyEnd: true,
      cell: (row) => (
        <action.Cell
          token={token}
          sitting={{ kind: 'challenge', challengeId }}
          student={{ userId: row.userId, name: row.name, email: row.email }}
        />
      ),
    });
  }
  return columns;
}

/** A time, short in the cell, in full in its title (on hover) and its machine-readable value. */
function Time({ iso }: { iso: string | null }) {
  if (!iso) return <>{none}</>;
  const full = dateTime(iso);
  return (
    <time dateTime={iso} title={full}>
      {shortDateTime(iso)}
    </time>
  );
}

function FinalScore({ row }: { row: ResultsRow }) {
  const graded = Boolean(row.override) || (row.manualPoints ?? null) !== null;
  const final = row.finalScore ?? row.bestScore;
  return (
    <span data-testid="final-score">
      {final === null ? none : score(final)}
      {graded ? <span className="tag">{gradingMessages.overriddenBadge}</span> : null}
    </span>
  );
}

/** Columns whose first click sorts high to low: a teacher looks for the best, latest, longest. */
export const DESCENDING_FIRST: readonly ResultsSortColumn[] = [
  'bestScore',
  'submissions',
  'timeUsed',
  'lastSubmissionAt',
  'startedAt',
];
