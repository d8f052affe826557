/**
 * The rows of the first worksheet of an .xlsx, read with exceljs's streaming reader so memory
 * stays flat however many rows there are. Only call it on a buffer inspectZip has accepted.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from '../../contract/roster-rows.ts';
import type { SheetRow } from './sheet-row.ts';

function rowCells(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const cells: string[] = [];
  // exceljs rows are 1-based: values[0] is always empty.
  for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
  return cells;
}

export async function* xlsxRows(data: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers; hyperlinks and other entries are not needed.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      yield { row: row.number, cells: rowCells(row.values) };
    }
    return; // The roster is the first sheet; the others are ignored.
  }
}
