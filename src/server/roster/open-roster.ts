/**
 * Turns an uploaded file into rows, or a 4xx with a message the administrator can act on. The
 * name must say .xlsx, .xls or .csv and the content must agree; an .xlsx passes the zip-bomb
 * checks before it is parsed; an .xls is converted to .xlsx first; a CSV with more rows than a
 * roster may hold is refused before any is written. Errors a parser throws while
 * rows stream out become 422 'could not be read', never a 500.
 */
import { messages } from '../../contract/messages.ts';
import { ROSTER_MAX_ROWS } from '../../contract/roster.ts';
import { HttpError } from '../http-error.ts';
import { csvDataRowCount, csvRows } from './csv-rows.ts';
import { kindFromName, sniffContent } from './detect-kind.ts';
import type { SheetRow } from './sheet-row.ts';
import { convertXlsToXlsx } from './xls-convert.ts';
import { xlsxRows } from './xlsx-rows.ts';
import { inspectZip } from './zip-inventory.ts';

const REQUIRED_XLSX_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

async function checkedXlsx(data: Buffer): Promise<Buffer> {
  const inventory = await inspectZip(data);
  if (!inventory.ok) {
    switch (inventory.problem) {
      case 'too-large':
        throw new HttpError(413, messages.rosterZipTooLarge);
      case 'too-much-text':
        throw new HttpError(413, messages.rosterTextTooLarge);
      case 'too-wide':
        throw new HttpError(422, messages.rosterTooWide);
      case 'encrypted':
        throw new HttpError(422, messages.rosterEncrypted);
      case 'not-zip':
        throw new HttpError(415, messages.rosterContentMismatch);
      default:
        throw new HttpError(422, messages.rosterUnreadable);
    }
  }
  const names = new Set(inventory.entries.map((entry) => entry.name));
  if (!REQUIRED_XLSX_PARTS.every((part) => names.has(part))) {
    throw new HttpError(415, messages.rosterContentMismatch);
  }
  return data;
}

async function* unreadableAs422(
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
): AsyncGenerator<SheetRow> {
  try {
    yield* rows;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, messages.rosterUnreadable);
  }
}

export async function openRoster(fileName: string, data: Buffer): Promise<AsyncIterable<SheetRow>> {
  const claimed = kindFromName(fileName);
  if (!claimed) throw new HttpError(415, messages.rosterWrongType);
  const content = sniffContent(data);
  if (content.kind === 'xls' && content.encrypted) {
    throw new HttpError(422, messages.rosterEncrypted);
  }
  if (content.kind !== claimed) throw new HttpError(415, messages.rosterContentMismatch);

  switch (content.kind) {
    case 'csv':
      if ((csvDataRowCount(content.text) ?? 0) > ROSTER_MAX_ROWS)
        throw new HttpError(413, messages.rosterTooManyRows);
      return unreadableAs422(csvRows(content.text));
    case 'xlsx':
      return unreadableAs422(xlsxRows(await checkedXlsx(data)));
    case 'xls': {
      const converted = await convertXlsToXlsx(data);
      if (!converted.ok) {
        throw new HttpError(
          422,
          converted.reason === 'missing'
            ? messages.rosterXlsUnavailable
            : converted.reason === 'too-large'
              ? messages.rosterZipTooLarge
              : messages.rosterUnreadable,
        );
      }
      return unreadableAs422(xlsxRows(await checkedXlsx(converted.xlsx)));
    }
  }
}
