/**
 * The .xlsx export, written by exceljs's streaming WorkbookWriter in a worker thread
 * (xlsx-writer-thread.ts) straight into the response as pages come from the database: sheet
 * "Results" (the table) and sheet "Tests" (student x test, the verdicts of the student's best
 * submission).
 *
 * The zip holds the sheets one after the other, so the Tests sheet's rows wait in memory until
 * Results is finished: a few bytes per verdict (about 3 MB for 10,000 students x 20 tests), which
 * is cheaper than reading every student twice.
 */
import type { Writable } from 'node:stream';
import type { ResultsChallenge } from '../../contract/results.ts';
import {
  resultsExportColumns,
  resultsExportHeaders,
  type ExportCell,
  type ExportRow,
} from './export-rows.ts';
import { neutraliseCell } from './neutralise-cell.ts';
import type { WallClock } from './wall-clock.ts';
import { openXlsxWorkbook, type XlsxRow } from './xlsx-writer-thread.ts';

type CellValue = string | number | Date | null;

/** A cell as exceljs writes it: text neutralised, times as the wall clock's dates. */
export function cellValue(cell: ExportCell, clock: WallClock): CellValue {
  if (cell.value === null) return null;
  if (cell.kind === 'text') return neutraliseCell(cell.value);
  if (cell.kind === 'time') return clock.asUtcDate(cell.value);
  return cell.value;
}

export async function writeResultsXlsx(
  out: Writable,
  challenge: ResultsChallenge,
  testNames: readonly string[],
  pages: AsyncIterable<ExportRow[]>,
  clock: WallClock,
): Promise<void> {
  const columns = resultsExportColumns(challenge);
  const workbook = openXlsxWorkbook(out, [
    {
      name: 'Results',
      header: resultsExportHeaders(challenge),
      widths: columns.map((c) => c.width),
    },
    { name: 'Tests', header: ['Name', 'Email', ...testNames] },
  ]);
  try {
    for await (const page of pages) {
      const rows: XlsxRow[] = [];
      for (const row of page) {
        rows.push([0, columns.map((c) => cellValue(c.cell(row), clock))]);
        rows.push([
          1,
          [
            neutraliseCell(row.name),
            neutraliseCell(row.email),
            ...testNames.map((_, i) => row.testVerdicts[i] ?? null),
          ],
        ]);
      }
      await workbook.addRows(rows);
    }
  } catch (error) {
    workbook.cancel();
    throw error;
  }
  await workbook.end();
}
