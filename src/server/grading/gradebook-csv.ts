/**
 * Writes a gradebook CSV (contract/gradebook.ts says which columns each platform reads): UTF-8
 * without a byte-order mark (these files go to a platform's importer, not to Excel; Moodle's
 * reader takes the mark for part of the first header), CRLF line ends, RFC 4180 quoting, every
 * text cell neutralised like the other exports (a spreadsheet opened on the way must not run a
 * student's name as a formula). A student without a final grade gets an empty cell: both
 * importers leave such a grade as it is rather than set it to 0.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  CANVAS_HEADERS,
  CANVAS_POINTS_POSSIBLE,
  MOODLE_HEADERS,
  type GradebookFormat,
} from '../../contract/gradebook.ts';
import { csvField } from '../results/export-csv.ts';
import { neutraliseCell } from '../results/neutralise-cell.ts';

export type GradebookRow = {
  name: string;
  email: string;
  studentNumber: string | null;
  section: string | null;
  /** The final grade; null when there is none yet. */
  grade: number | null;
};

/** The one grade column: a challenge or an exam, out of `max` points. */
export type GradeItem = { title: string; max: number };

const textCell = (value: string | null) => (value ? csvField(neutraliseCell(value)) : '');
const gradeCell = (grade: number | null) => (grade === null ? '' : String(grade));

export function gradebookHead(format: GradebookFormat, item: GradeItem): string {
  if (format === 'moodle') return [...MOODLE_HEADERS, item.title].map(textCell).join(',') + '\r\n';
  const header = [...CANVAS_HEADERS, item.title].map(textCell).join(',');
  const blanks = CANVAS_HEADERS.slice(1).map(() => '');
  const points = [CANVAS_POINTS_POSSIBLE, ...blanks, String(item.max)].join(',');
  return `${header}\r\n${points}\r\n`;
}

export function gradebookLine(format: GradebookFormat, row: GradebookRow): string {
  const cells =
    format === 'moodle'
      ? [
          textCell(row.studentNumber),
          textCell(row.email),
          textCell(row.name),
          textCell(row.section),
        ]
      : [
          textCell(row.name),
          '',
          textCell(row.studentNumber),
          textCell(row.email),
          textCell(row.section),
        ];
  return [...cells, gradeCell(row.grade)].join(',') + '\r\n';
}

export async function writeGradebookCsv(
  out: Writable,
  format: GradebookFormat,
  item: GradeItem,
  pages: AsyncIterable<GradebookRow[]>,
): Promise<void> {
  out.write(gradebookHead(format, item));
  for await (const page of pages) {
    const chunk = page.map((row) => gradebookLine(format, row)).join('');
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
}
