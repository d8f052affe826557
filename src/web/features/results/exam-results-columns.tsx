/**
 * The exam matrix's columns (issue 31): who, the total, one column per problem (the score scaled
 * to its points and the verdict of the submission that counts, and for a pool which challenge the
 * student got), the status, time used and start, the email, the exam's signal counters summed
 * over its problems when it records them, then the roster's year, branch and college, and the
 * student's Student ID and Section in the course when it has them (issue 33). A problem's cell
 * links to the student's submissions to that problem in this exam (the existing dialog), named
 * for a screen reader with the student, the problem and the challenge.
 */
import { Link } from '@tanstack/react-router';
import type {
  Exam,
  ExamAttemptStatus,
  ExamResultsRow,
  ExamResultsSortColumn,
} from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { ResultsCourse } from '../../../contract/results-sections.ts';
import type { DataColumn } from '../../ui/data-table.tsx';
import type { StudentRowAction } from '../../ui/student-row-action.ts';
import { VerdictText } from '../../ui/verdict-text.tsx';
import { dateTime, duration, score, shortDateTime } from './format.ts';
import { gradingMessages } from '../../../contract/grading.ts';
import { enrolmentColumns } from './section-filter.tsx';
import { awayText } from './signal-format.ts';

const none = messages.notAvailable;

export const examStatusLabels: Record<ExamAttemptStatus, string> = {
  'not-started': messages.examStatusNotStarted,
  working: messages.examStatusWorking,
  finished: messages.examStatusFinished,
};

/** Columns whose first click sorts high to low: a teacher looks for the best, latest, longest. */
export const EXAM_DESCENDING_FIRST: readonly ExamResultsSortColumn[] = [
  'total',
  'timeUsed',
  'startedAt',
];

function slotColumn(
  exam: Exam,
  index: number,
  section: string | undefined,
): DataColumn<ExamResultsRow, ExamResultsSortColumn> | undefined {
  const slot = exam.slots[index];
  if (!slot) return undefined;
  const pool = slot.challenges.length > 1;
  const n = String(slot.ordinal);
  return {
    id: `slot-${slot.ordinal}`,
    header: messages.colSlotHeader.replace('{n}', n).replace('{points}', String(slot.points)),
    numeric: true,
    cell: (row) => {
      const cell = row.cells.find((c) => c.ordinal === slot.ordinal);
      if (!cell?.challengeId) return <span className="muted">{messages.cellNotStarted}</span>;
      const drawn = pool ? <span className="exam-cell__drawn mono">{cell.challengeId}</span> : null;
      return (
        <span className="exam-cell" data-testid="exam-cell" data-slot={n}>
          <span className="exam-cell__line">
            <Link
              to="/adminDash"
              search={{
                view: 'results',
                exam: exam.examCode,
                student: row.userId,
                challengeId: cell.challengeId,
                section,
              }}
              resetScroll={false}
              className="link exam-cell__score"
              aria-label={messages.cellOpenLabel
                .replace('{name}', row.name)
                .replace('{n}', n)
                .replace('{id}', cell.challengeId)}
            >
              {cell.score === null
                ? cell.submissions === 0
                  ? messages.cellNoSubmission
                  : none
                : score(cell.score)}
            </Link>
            {cell.verdict ? <VerdictText verdict={cell.verdict} /> : null}
            {cell.graded ? (
              <span className="tag">
                {gradingMessages.overriddenBadge}
                {cell.automaticScore === null || cell.automaticScore === undefined
                  ? ''
                  : ` (${gradingMessages.automatic.toLowerCase()} ${score(cell.automaticScore)})`}
              </span>
            ) : null}
          </span>
          {drawn}
        </span>
      );
    },
  };
}

export function examResultsColumns(
  exam: Exam,
  /** The exam's problems record signals (a row has counters). */
  withSignals: boolean,
  /** A last column of a feature's own (accommodations), with the admin's token. */
  rowAction?: { action: StudentRowAction; token: string },
  /** The exam's course (its columns) and the section in the address (kept by the links). */
  { course, section }: { course?: ResultsCourse | undefined; section?: string | undefined } = {},
): DataColumn<ExamResultsRow, ExamResultsSortColumn>[] {
  const count = (pick: (s: NonNullable<ExamResultsRow['signals']>) => number) =>
    function cell(row: ExamResultsRow) {
      return row.signals ? pick(row.signals) : none;
    };
  const slots = exam.slots
    .map((_, index) => slotColumn(exam, index, section))
    .filter((c): c is DataColumn<ExamResultsRow, ExamResultsSortColumn> => c !== undefined);
  return [
    { id: 'name', header: messages.colName, sortKey: 'name', rowHeader: true, cell: (r) => r.name },
    // The total and the problems first: at 1280 px the matrix itself is in view.
    {
      id: 'total',
      header: `${messages.colTotal} (${exam.totalPoints})`,
      sortKey: 'total',
      numeric: true,
      cell: (r) => (
        <strong data-testid="exam-row-total">{r.total === null ? none : score(r.total)}</strong>
      ),
    },
    ...slots,
    {
      id: 'status',
      header: messages.colExamStatus,
      sortKey: 'status',
      cell: (r) => <span data-testid="exam-status">{examStatusLabels[r.status]}</span>,
    },
    {
      id: 'timeUsed',
      header: messages.colTimeUsed,
      sortKey: 'timeUsed',
      numeric: true,
      cell: (r) => duration(r.timeUsedSeconds),
    },
    {
      id: 'startedAt',
      header: messages.colStartedAt,
      sortKey: 'startedAt',
      cell: (r) =>
        r.startedAt ? (
          <time dateTime={r.startedAt} title={dateTime(r.startedAt)}>
            {shortDateTime(r.startedAt)}
          </time>
        ) : (
          none
        ),
    },
    { id: 'email', header: messages.colEmail, sortKey: 'email', cell: (r) => r.email },
    ...(withSignals
      ? [
          {
            id: 'tabChanges',
            header: messages.colTabChanges,
            numeric: true,
            cell: count((s) => s.tabChanges),
          },
          {
            id: 'timeAway',
            header: messages.colTimeAway,
            numeric: true,
            cell: (r: ExamResultsRow) => (r.signals ? awayText(r.signals.awayMs) : none),
          },
          { id: 'pastes', header: messages.colPastes, numeric: true, cell: count((s) => s.pastes) },
          {
            id: 'blockedPastes',
            header: messages.colBlockedPastes,
            numeric: true,
            cell: count((s) => s.blockedPastes),
          },
          {
            id: 'reloads',
            header: messages.colReloads,
            numeric: true,
            cell: count((s) => s.reloads),
          },
        ]
      : []),
    { id: 'year', header: messages.colYear, cell: (r) => r.year ?? none },
    { id: 'branch', header: messages.colBranch, cell: (r) => r.branch ?? none },
    { id: 'college', header: messages.colCollege, cell: (r) => r.college ?? none },
    ...enrolmentColumns<ExamResultsRow, ExamResultsSortColumn>(course),
    ...(rowAction ? [rowActionColumn(exam.examCode, rowAction)] : []),
  ];
}

function rowActionColumn(
  examCode: string,
  { action, token }: { action: StudentRowAction; token: string },
): DataColumn<ExamResultsRow, ExamResultsSortColumn> {
  return {
    id: 'row-action',
    header: action.header,
    stickyEnd: true,
    cell: (r) => (
      <action.Cell
        token={token}
        sitting={{ kind: 'exam', examCode }}
        student={{ userId: r.userId, name: r.name, email: r.email }}
      />
    ),
  };
}
