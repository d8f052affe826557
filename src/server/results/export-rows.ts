/**
 * The rows of an export: the results table with the teacher's filters and sort, read from the
 * database a page at a time (keyset), so a 10,000-student export never holds more than a page.
 * Also the columns both formats write, so the .xlsx and the .csv always agree with each other
 * and with the table on screen.
 */
import type { ScoreOverride } from '../../contract/grading.ts';
import type { ResultsChallenge, ResultsRow } from '../../contract/results.ts';
import { SECTION_HEADER, STUDENT_ID_HEADER } from '../../contract/results-sections.ts';
import type { Db } from '../db/connection.ts';
import type { Cursor } from './keyset.ts';
import { readResultsPage, type ResultsFilters, type ResultsPage } from './results-queries.ts';

/**
 * Rows per read: large enough that a 10,000-student export is four statements (each pays its
 * planning and round trip, dear on PGlite's single connection: 1000-row pages made the export
 * 1.5-1.65x exceljs alone, 2500-row pages 1.4-1.5x), small enough to stay a few MB in memory.
 */
export const EXPORT_PAGE_SIZE = 2500;

export type ExportRow = ResultsRow & { testVerdicts: string[] };

export async function* exportPages(
  db: Db,
  challenge: ResultsChallenge,
  filters: ResultsFilters,
  pageSize = EXPORT_PAGE_SIZE,
  readAhead = 2,
): AsyncGenerator<ExportRow[]> {
  const read = (after: Cursor | undefined) =>
    readResultsPage(db, challenge, filters, after, pageSize, { testVerdicts: true });
  // Each read starts the moment the page before it arrives, up to `readAhead` pages ahead of
  // the one being written: the database (PostgreSQL, or PGlite on its own thread) works while
  // exceljs does, and a slow page does not leave the writer waiting. Keyset pages come one
  // after another, so this is a chain, never parallel reads.
  const window: Promise<ResultsPage | null>[] = [];
  let last: Promise<ResultsPage | null> = read(undefined);
  const hold = (page: Promise<ResultsPage | null>) => {
    // Awaited later in order; until then a failure must not count as unhandled.
    page.catch(() => undefined);
    window.push(page);
  };
  const extend = () => {
    while (window.length <= readAhead) {
      last = last.then((page) => (page?.next ? read(page.next) : null));
      hold(last);
    }
  };
  hold(last);
  extend();
  while (window.length > 0) {
    const page = await (window.shift() as Promise<ResultsPage | null>);
    if (!page) return;
    extend();
    yield page.rows.map((row, i) => ({ ...row, testVerdicts: page.testVerdicts[i] ?? [] }));
  }
}

/** A cell before formatting: text is neutralised by the writers, times are ISO strings. */
export type ExportCell =
  | { kind: 'text'; value: string | null }
  | { kind: 'number'; value: number | null }
  | { kind: 'time'; value: string | null };

export type ExportColumn = { header: string; width: number; cell(row: ExportRow): ExportCell };

const text = (value: string | null): ExportCell => ({ kind: 'text', value });
const number = (value: number | null): ExportCell => ({ kind: 'number', value });
const time = (value: string | null): ExportCell => ({ kind: 'time', value });

/** The "Results" sheet and the CSV: the table's columns, in the table's order. */
export const RESULTS_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Name', width: 28, cell: (r) => text(r.name) },
  { header: 'Email', width: 32, cell: (r) => text(r.email) },
  { header: 'Year', width: 8, cell: (r) => text(r.year) },
  { header: 'Branch', width: 12, cell: (r) => text(r.branch) },
  { header: 'College', width: 20, cell: (r) => text(r.college) },
  { header: 'Status', width: 12, cell: (r) => text(r.started ? 'Started' : 'Not started') },
  { header: 'Started at', width: 20, cell: (r) => time(r.startedAt) },
  { header: 'Deadline', width: 20, cell: (r) => time(r.deadline) },
  { header: 'Time used (s)', width: 14, cell: (r) => number(r.timeUsedSeconds) },
  { header: 'Submissions', width: 12, cell: (r) => number(r.started ? r.submissions : null) },
  { header: 'Best score', width: 11, cell: (r) => number(r.bestScore) },
  { header: 'Best %', width: 9, cell: (r) => number(r.bestPercent) },
  { header: 'Best verdict', width: 22, cell: (r) => text(r.bestVerdict) },
  { header: 'Last submission', width: 20, cell: (r) => time(r.lastSubmissionAt) },
];

/**
 * The student's Student ID and Section in the course (issue 33), after the table's columns in
 * every export, empty when unknown: a gradebook's layout must not depend on whether the course
 * has them. Before the signal counters, so they stand at the same place for every challenge.
 * Text the roster wrote, so neutralised like the names (a Student ID may begin with '-').
 */
export const ENROLMENT_EXPORT_COLUMNS = [
  { header: STUDENT_ID_HEADER, width: 14, cell: (r: EnrolmentFields) => text(r.studentNumber) },
  { header: SECTION_HEADER, width: 12, cell: (r: EnrolmentFields) => text(r.section) },
] as const satisfies readonly {
  header: string;
  width: number;
  cell(row: EnrolmentFields): ExportCell;
}[];

type EnrolmentFields = { studentNumber: string | null; section: string | null };

/**
 * Exam signal counters (issue 17), after the table's columns, for a challenge that records them:
 * the teacher's file keeps what Results shows. Time away in whole seconds, as on screen.
 */
export const SIGNAL_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Tab changes', width: 12, cell: (r) => number(r.signals?.tabChanges ?? null) },
  {
    header: 'Time away (s)',
    width: 13,
    cell: (r) => number(r.signals ? Math.round(r.signals.awayMs / 1000) : null),
  },
  { header: 'Pastes', width: 8, cell: (r) => number(r.signals?.pastes ?? null) },
  { header: 'Blocked pastes', width: 14, cell: (r) => number(r.signals?.blockedPastes ?? null) },
  { header: 'Reloads', width: 8, cell: (r) => number(r.signals?.reloads ?? null) },
];

/**
 * Staff grading (issue 34 item 3), right after the table's columns, beside the automatic score:
 * the override in words ("set to 80", "add 5", "remove 3": never a leading sign a spreadsheet would
 * read as a formula), the manual points, and the final score the gradebooks get.
 */
export const GRADE_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Score override', width: 16, cell: (r) => text(overrideText(r.override ?? null)) },
  { header: 'Manual points', width: 13, cell: (r) => number(r.manualPoints ?? null) },
  { header: 'Final score', width: 12, cell: (r) => number(r.finalScore ?? null) },
];

export function overrideText(override: ScoreOverride | null): string | null {
  if (!override) return null;
  if (override.kind === 'absolute') return `set to ${override.value}`;
  return override.value < 0 ? `remove ${-override.value}` : `add ${override.value}`;
}

/** The most a student can get: the judged maximum plus the manual points' maximum. */
export const finalMaximum = (challenge: ResultsChallenge): number =>
  challenge.score + (challenge.manualPointsMax ?? 0);

/**
 * The columns of a challenge's export: the table's, the grading ones, the student's Student ID
 * and Section, then its signal counters if it has any.
 */
export const resultsExportColumns = (challenge: ResultsChallenge): readonly ExportColumn[] => [
  ...RESULTS_EXPORT_COLUMNS,
  ...GRADE_EXPORT_COLUMNS,
  ...ENROLMENT_EXPORT_COLUMNS,
  ...(challenge.recordsSignals ? SIGNAL_EXPORT_COLUMNS : []),
];

export const resultsExportHeaders = (challenge: ResultsChallenge) =>
  resultsExportColumns(challenge).map((c) =>
    c.header === 'Best score'
      ? `Best score (of ${challenge.score})`
      : c.header === 'Final score'
        ? `Final score (of ${finalMaximum(challenge)})`
        : c.header,
  );
