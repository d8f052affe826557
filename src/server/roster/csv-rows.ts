/** The rows of an uploaded CSV, numbered by record as a spreadsheet program would show them. */
import { csvRecords, detectSeparator } from '../../contract/roster-csv.ts';
import type { SheetRow } from './sheet-row.ts';

export function* csvRows(text: string): Generator<SheetRow> {
  let row = 0;
  for (const cells of csvRecords(text, detectSeparator(text))) {
    row++;
    yield { row, cells };
  }
}
