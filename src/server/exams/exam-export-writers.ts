/**
 * The exam's .xlsx and .csv, streamed as pages come from the database. The .xlsx has the matrix
 * sheet, then a sheet per slot with the rows of the students who have a problem in it, written by
 * exceljs in a worker thread (results/xlsx-writer-thread.ts) while the next pages are read: the
 * rows of each page go to the worker as soon as it arrives. A zip holds its sheets one after the
 * other, so the slot sheets' XML waits in the worker until the matrix is zipped (a few hundred
 * bytes a student per slot, about 5 MB for 2,000 students x 5 slots). Holding the slots' rows
 * back and writing those sheets after the last page instead left more than half of the writer's
 * work (bench/exams.ts) with no read to overlap.
 * The .csv is the matrix alone, UTF-8 with a byte-order mark, CRLF, RFC 4180.
 * Text cells are neutralised against formula injection (results/neutralise-cell.ts).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExamResultsRow, ExamSlot } from '../../contract/exams.ts';
import { BOM, cellText, csvField } from '../results/export-csv.ts';
import { cellValue } from '../results/export-xlsx.ts';
import type { WallClock } from '../results/wall-clock.ts';
import { openXlsxWorkbook, type XlsxRow } from '../results/xlsx-writer-thread.ts';
import { slotLabel, slotSheetColumns, type ExamExportColumn } from './exam-export-rows.ts';

function values(columns: readonly ExamExportColumn[], row: ExamResultsRow, clock: WallClock) {
  return columns.map((c) => cellValue(c.cell(row), clock));
}

export async function writeExamXlsx(
  out: Writable,
  columns: readonly ExamExportColumn[],
  slots: readonly ExamSlot[],
  pages: AsyncIterable<ExamResultsRow[]>,
  clock: WallClock,
): Promise<void> {
  const slotSheets = slots.map((slot) => ({
    ordinal: slot.ordinal,
    name: slotLabel(slot.ordinal),
    columns: slotSheetColumns(slot),
  }));
  const workbook = openXlsxWorkbook(out, [
    { name: 'Results', header: columns.map((c) => c.header), widths: columns.map((c) => c.width) },
    ...slotSheets.map((s) => ({
      name: s.name,
      header: s.columns.map((c) => c.header),
      widths: s.columns.map((c) => c.width),
    })),
  ]);
  try {
    for await (const page of pages) {
      const rows: XlsxRow[] = [];
      for (const row of page) {
        rows.push([0, values(columns, row, clock)]);
        slotSheets.forEach(({ ordinal, columns: slotColumns }, i) => {
          const drawn = row.cells.find((c) => c.ordinal === ordinal)?.challengeId;
          if (drawn) rows.push([i + 1, values(slotColumns, row, clock)]);
        });
      }
      await workbook.addRows(rows);
    }
  } catch (error) {
    workbook.cancel();
    throw error;
  }
  await workbook.end();
}

export async function writeExamCsv(
  out: Writable,
  columns: readonly ExamExportColumn[],
  pages: AsyncIterable<ExamResultsRow[]>,
  clock: WallClock,
): Promise<void> {
  out.write(BOM + columns.map((c) => csvField(c.header)).join(',') + '\r\n');
  for await (const page of pages) {
    let chunk = '';
    for (const row of page)
      chunk += columns.map((c) => cellText(c.cell(row), clock)).join(',') + '\r\n';
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
}
