/**
 * The rows and columns of an exam's exports: the matrix with the teacher's filters and sort, read
 * a keyset page at a time (a whole roster is never in memory), and the columns both formats
 * write, so the .xlsx and the .csv agree with each other and with the matrix on screen.
 */
import type { ExamResultsRow, ExamSlot } from '../../contract/exams.ts';
import type { Db } from '../db/connection.ts';
import { ENROLMENT_EXPORT_COLUMNS, type ExportCell } from '../results/export-rows.ts';
import type { Cursor } from '../results/keyset.ts';
import type { ExamRow } from './exam-queries.ts';
import { totalOf } from './student-exam.ts';
import {
  readExamResultsPage,
  type ExamResultsFilters,
  type ExamResultsPage,
} from './exam-results-queries.ts';

/**
 * Rows per read of an exam's export. Small next to the challenge export's pages: a page's cells
 * cost about as much to read as to write (each row is a student's problems), so a roster in one
 * page left the writer idle until all of it was read, and the reads ahead below hide only a page
 * the writer is not yet waiting for. At most exam-results-queries.ts's NO_JIT_ROWS, so a page's
 * cells are one statement (no transaction to turn the JIT off).
 */
export const EXAM_EXPORT_PAGE_SIZE = 200;

/**
 * Pages in order. Each read starts the moment the page before it arrives, up to `readAhead`
 * pages ahead of the one being written, so the database (PostgreSQL, or PGlite on its own
 * thread) works while exceljs does; keyset pages come one after another, so this is a chain,
 * never parallel reads (results/export-rows.ts does the same for a challenge).
 */
export async function* examExportPages(
  db: Db,
  exam: ExamRow,
  slots: readonly ExamSlot[],
  filters: ExamResultsFilters,
  now: Date,
  pageSize = EXAM_EXPORT_PAGE_SIZE,
  readAhead = 2,
): AsyncGenerator<ExamResultsRow[]> {
  const read = (after: Cursor | undefined) =>
    readExamResultsPage(db, exam, slots, filters, after, pageSize, now);
  const window: Promise<ExamResultsPage | null>[] = [];
  const hold = (page: Promise<ExamResultsPage | null>) => {
    // Awaited later in order; until then a failure must not count as unhandled.
    page.catch(() => undefined);
    window.push(page);
  };
  let last: Promise<ExamResultsPage | null> = read(undefined);
  hold(last);
  const extend = () => {
    while (window.length <= readAhead) {
      last = last.then((page) => (page?.next ? read(page.next) : null));
      hold(last);
    }
  };
  extend();
  while (window.length > 0) {
    const page = await (window.shift() as Promise<ExamResultsPage | null>);
    if (!page) return;
    extend();
    yield page.rows;
  }
}

export type ExamExportColumn = {
  header: string;
  width: number;
  cell(row: ExamResultsRow): ExportCell;
};

const text = (value: string | null): ExportCell => ({ kind: 'text', value });
const number = (value: number | null): ExportCell => ({ kind: 'number', value });
const time = (value: string | null): ExportCell => ({ kind: 'time', value });

const STATUS_LABELS: Record<ExamResultsRow['status'], string> = {
  'not-started': 'Not started',
  working: 'Working',
  finished: 'Finished',
};

/** "Problem 2" (slot sheets are named so too). */
export const slotLabel = (ordinal: number) => `Problem ${ordinal}`;

/**
 * The matrix sheet and the CSV: the student, their attempt, per slot the drawn challenge and its
 * scaled score, the total, their Student ID and Section in the course, and the signal counters
 * when a problem of the exam records them.
 */
export function examExportColumns(
  slots: readonly ExamSlot[],
  totalPoints: number,
  recordsSignals: boolean,
): ExamExportColumn[] {
  const cellOf = (row: ExamResultsRow, ordinal: number) =>
    row.cells.find((c) => c.ordinal === ordinal);
  return [
    { header: 'Name', width: 28, cell: (r) => text(r.name) },
    { header: 'Email', width: 32, cell: (r) => text(r.email) },
    { header: 'Year', width: 8, cell: (r) => text(r.year) },
    { header: 'Branch', width: 12, cell: (r) => text(r.branch) },
    { header: 'College', width: 20, cell: (r) => text(r.college) },
    { header: 'Status', width: 12, cell: (r) => text(STATUS_LABELS[r.status]) },
    { header: 'Started at', width: 20, cell: (r) => time(r.startedAt) },
    { header: 'Deadline', width: 20, cell: (r) => time(r.deadline) },
    { header: 'Finished at', width: 20, cell: (r) => time(r.finishedAt) },
    { header: 'Time used (s)', width: 14, cell: (r) => number(r.timeUsedSeconds) },
    ...slots.flatMap((slot): ExamExportColumn[] => [
      {
        header: `${slotLabel(slot.ordinal)} challenge`,
        width: 18,
        cell: (r) => text(cellOf(r, slot.ordinal)?.challengeId ?? null),
      },
      {
        header: `${slotLabel(slot.ordinal)} score (of ${slot.points})`,
        width: 16,
        cell: (r) => number(cellOf(r, slot.ordinal)?.score ?? null),
      },
    ]),
    { header: `Total (of ${totalPoints})`, width: 12, cell: (r) => number(r.total) },
    // Issue 34 item 3: the problem scores and the total above are final (staff overrides and
    // manual points included); the judge's own total beside them.
    {
      header: `Automatic total (of ${totalPoints})`,
      width: 14,
      cell: (r) => number(automaticTotal(r)),
    },
    // Issue 33: always, empty when unknown, before the counters (results/export-rows.ts).
    ...ENROLMENT_EXPORT_COLUMNS,
    ...(recordsSignals
      ? ([
          { header: 'Tab changes', width: 12, cell: (r) => number(r.signals?.tabChanges ?? null) },
          {
            header: 'Time away (s)',
            width: 13,
            cell: (r) => number(r.signals ? Math.round(r.signals.awayMs / 1000) : null),
          },
          { header: 'Pastes', width: 8, cell: (r) => number(r.signals?.pastes ?? null) },
          {
            header: 'Blocked pastes',
            width: 14,
            cell: (r) => number(r.signals?.blockedPastes ?? null),
          },
          { header: 'Reloads', width: 8, cell: (r) => number(r.signals?.reloads ?? null) },
        ] satisfies ExamExportColumn[])
      : []),
  ];
}

/** The judge's total alone: the cells' automatic scores, or null when none is judged. */
export function automaticTotal(row: ExamResultsRow): number | null {
  return totalOf(row.cells.map((c) => c.automaticScore ?? c.score));
}

/** A slot's sheet: every student who has a problem in it, with its counting submission. */
export function slotSheetColumns(slot: ExamSlot): ExamExportColumn[] {
  const cellOf = (row: ExamResultsRow) => row.cells.find((c) => c.ordinal === slot.ordinal);
  return [
    { header: 'Name', width: 28, cell: (r) => text(r.name) },
    { header: 'Email', width: 32, cell: (r) => text(r.email) },
    { header: 'Challenge', width: 18, cell: (r) => text(cellOf(r)?.challengeId ?? null) },
    {
      header: `Score (of ${slot.points})`,
      width: 14,
      cell: (r) => number(cellOf(r)?.score ?? null),
    },
    { header: 'Verdict', width: 22, cell: (r) => text(cellOf(r)?.verdict ?? null) },
    { header: 'Submissions', width: 12, cell: (r) => number(cellOf(r)?.submissions ?? 0) },
    {
      header: `Automatic score (of ${slot.points})`,
      width: 14,
      cell: (r) => number(cellOf(r)?.automaticScore ?? null),
    },
  ];
}
