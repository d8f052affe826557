/**
 * The exam's .xlsx and .csv, streamed as pages come from the database (exceljs's streaming
 * WorkbookWriter, as results/export-xlsx.ts). The .xlsx has the matrix sheet, then a sheet per
 * slot with the rows of the students who have a problem in it; those sheets' rows wait in memory
 * until the matrix is written (a zip holds its sheets one after the other), a few dozen bytes a
 * student per slot. The .csv is the matrix alone, UTF-8 with a byte-order mark, CRLF, RFC 4180.
 * Text cells are neutralised against formula injection (results/neutralise-cell.ts).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExamResultsRow, ExamSlot } from '../../contract/exams.ts';
import { BOM, cellText, csvField } from '../results/export-csv.ts';
import { cellValue, drained, TIME_FORMAT } from '../results/export-xlsx.ts';
import type { WallClock } from '../results/wall-clock.ts';
import { slotLabel, slotSheetColumns, type ExamExportColumn } from './exam-export-rows.ts';

type SheetRows = (string | number | Date | null)[][];

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

  const slotColumns = slots.map((slot) => slotSheetColumns(slot));
  const slotRows: SheetRows[] = slots.map(() => []);
  for await (const page of pages) {
    for (const row of page) {
      const cells = values(columns, row, clock);
      const written = matrix.addRow(cells.map((c) => c.value));
      cells.forEach(({ cell }, i) => {
        if (cell.kind === 'time' && cell.value !== null)
          written.getCell(i + 1).numFmt = TIME_FORMAT;
      });
      written.commit();
      slots.forEach((slot, i) => {
        const drawn = row.cells.find((c) => c.ordinal === slot.ordinal)?.challengeId;
        if (drawn) slotRows[i]?.push(values(slotColumns[i] ?? [], row, clock).map((c) => c.value));
      });
    }
    await drained(out);
  }
  matrix.commit();
  slots.forEach((slot, i) => {
    const sheet = workbook.addWorksheet(slotLabel(slot.ordinal), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const cols = slotColumns[i] ?? [];
    sheet.columns = cols.map((c) => ({ width: c.width }));
    const head = sheet.addRow(cols.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    for (const values of slotRows[i] ?? []) sheet.addRow(values).commit();
    sheet.commit();
  });
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
