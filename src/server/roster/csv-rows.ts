/** The rows of an uploaded CSV, numbered by record as a spreadsheet program would show them. */
import { csvRecords, detectSeparator } from '../../contract/roster-csv.ts';
import { isBlankRow, matchRosterHeader } from '../../contract/roster-rows.ts';
import type { SheetRow } from './sheet-row.ts';

export function* csvRows(text: string): Generator<SheetRow> {
  let row = 0;
  for (const cells of csvRecords(text, detectSeparator(text))) {
    row++;
    yield { row, cells };
  }
}

/**
 * The rows after the roster's header, counted as import-roster.ts counts them (blank rows are
 * not), or null when the file has no roster header or cannot be read: its import then fails at
 * its first rows anyway. A CSV is all in memory, so one over the limit can be refused before
 * anything is written, rather than after 100,000 rows written and rolled back (an .xlsx is
 * counted as it streams out of its worker).
 */
export function csvDataRowCount(text: string): number | null {
  let header = false;
  let count = 0;
  try {
    for (const { cells } of csvRows(text)) {
      if (isBlankRow(cells)) continue;
      if (header) count++;
      else if (matchRosterHeader(cells)) header = true;
      else return null;
    }
  } catch {
    return null;
  }
  return header ? count : null;
}
