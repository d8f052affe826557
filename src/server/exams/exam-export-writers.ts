/**
 * The exam's .xlsx and .csv, streamed as pages come from the database (exceljs's streaming
 * WorkbookWriter, as results/export-xlsx.ts). The .xlsx has the matrix sheet, then a sheet per
 * slot with the rows of the students who have a problem in it. Every row goes into its sheets as
 * its page arrives: a zip holds its sheets one after the other, so exceljs keeps the slot sheets'
 * XML in memory until the matrix is zipped (a few hundred bytes a student per slot, about 5 MB
 * for 2,000 students x 5 slots), but the work of writing them is done while the next pages are
 * read. Holding the slots' rows back and writing those sheets after the last page instead left
 * more than half of the writer's work (bench/exams.ts) with no read to overlap.
 * The .csv is the matrix alone, UTF-8 with a byte-order mark, CRLF, RFC 4180.
 * Text cells are neutralised against formula injection (results/neutralise-cell.ts).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExamResultsRow, ExamSlot } from '../../contract/exams.ts';
import { BOM, cellText, csvField } from '../results/export-csv.ts';
import { cellValue, drained, TIME_FORMAT } from '../results/export-xlsx.ts';
import type { WallClock } from '../results/wall-clock.ts';
import { slotLabel, slotSheetColumns, type ExamExportColumn } from './exam-export-rows.ts';

function values(columns: readonly ExamExportColumn[], row: ExamResultsRow, clock: WallClock) {
  return columns.map((c) => c.cell(row)).map((cell) => ({ cell, value: cellValue(cell, clock) }));
}

export async function writeExamXlsx(
  out: Writable,
  columns: readonly ExamExportColumn[],
  slots: readonly ExamSlot[],
  pages: AsyncIterable<ExamResultsRow[]>,
  clock: WallClock,
): Promise<void> {
  // Loaded on the first export, not at start (results/export-xlsx.ts says why).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const matrix = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  matrix.columns = columns.map((c) => ({ width: c.width }));
  const header = matrix.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  const slotSheets = slots.map((slot) => {
    const sheet = workbook.addWorksheet(slotLabel(slot.ordinal), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const sheetColumns = slotSheetColumns(slot);
    sheet.columns = sheetColumns.map((c) => ({ width: c.width }));
    const head = sheet.addRow(sheetColumns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    return { ordinal: slot.ordinal, sheet, columns: sheetColumns };
  });
  for await (const page of pages) {
    for (const row of page) {
      const cells = values(columns, row, clock);
      const written = matrix.addRow(cells.map((c) => c.value));
      cells.forEach(({ cell }, i) => {
        if (cell.kind === 'time' && cell.value !== null)
          written.getCell(i + 1).numFmt = TIME_FORMAT;
      });
      written.commit();
      for (const { ordinal, sheet, columns: slotColumns } of slotSheets) {
        const drawn = row.cells.find((c) => c.ordinal === ordinal)?.challengeId;
        if (drawn) sheet.addRow(values(slotColumns, row, clock).map((c) => c.value)).commit();
      }
    }
    await drained(out);
  }
  matrix.commit();
  for (const { sheet } of slotSheets) sheet.commit();
  await workbook.commit();
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
