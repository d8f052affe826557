/**
 * The preview before upload: the file is read in the browser (exceljs for .xlsx, loaded only
 * when needed so it stays out of the first bundle; the shared CSV reader for .csv, since exceljs's
 * browser build has none) and every row goes through the same rules the server applies. Legacy
 * .xls cannot be read in the browser; the server converts and checks it.
 */
import { messages } from '../../../contract/messages.ts';
import {
  ROSTER_MAX_FILE_BYTES,
  ROSTER_MAX_ROWS,
  type RosterRowError,
} from '../../../contract/roster.ts';
import { csvRecords, decodeCsvText, detectSeparator } from '../../../contract/roster-csv.ts';
import {
  cellText,
  createRosterRowChecker,
  isBlankRow,
  matchRosterHeader,
} from '../../../contract/roster-rows.ts';

export type RosterPreview =
  | { kind: 'rows'; rows: number; rejected: RosterRowError[] }
  | { kind: 'problem'; message: string }
  | { kind: 'unavailable' };

type Row = { row: number; cells: string[] };

function summarize(rows: Iterable<Row>): RosterPreview {
  let check: ReturnType<typeof createRosterRowChecker> | undefined;
  let count = 0;
  const rejected: RosterRowError[] = [];
  for (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    if (!check) {
      const columns = matchRosterHeader(cells);
      if (!columns) return { kind: 'problem', message: messages.rosterMissingHeaders };
      check = createRosterRowChecker(columns);
      continue;
    }
    if (++count > ROSTER_MAX_ROWS) return { kind: 'problem', message: messages.rosterTooManyRows };
    const verdict = check(row, cells);
    if (!verdict.ok) rejected.push({ row, message: verdict.message });
  }
  if (!check) return { kind: 'problem', message: messages.rosterMissingHeaders };
  if (count === 0) return { kind: 'problem', message: messages.rosterNoRows };
  return { kind: 'rows', rows: count, rejected };
}

function* csvSheet(text: string): Generator<Row> {
  let row = 0;
  for (const cells of csvRecords(text, detectSeparator(text))) yield { row: ++row, cells };
}

async function xlsxSheet(data: ArrayBuffer): Promise<Row[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const rows: Row[] = [];
  workbook.worksheets[0]?.eachRow((row, number) => {
    const values: unknown = row.values;
    const cells = Array.isArray(values)
      ? Array.from(values.slice(1), (v: unknown) => cellText(v))
      : [];
    rows.push({ row: number, cells });
  });
  return rows;
}

export async function previewRoster(file: File): Promise<RosterPreview> {
  if (file.size > ROSTER_MAX_FILE_BYTES)
    return { kind: 'problem', message: messages.rosterTooLarge };
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return { kind: 'unavailable' };
  const data = await file.arrayBuffer();
  if (name.endsWith('.csv')) {
    const text = decodeCsvText(new Uint8Array(data));
    if (text === undefined) return { kind: 'problem', message: messages.rosterContentMismatch };
    return summarize(csvSheet(text));
  }
  if (name.endsWith('.xlsx')) return summarize(await xlsxSheet(data));
  return { kind: 'problem', message: messages.rosterWrongType };
}
