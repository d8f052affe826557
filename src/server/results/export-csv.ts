/**
 * The .csv export: the Results table only, UTF-8 with a byte-order mark (without it Excel reads
 * the file as the machine's legacy code page and mangles non-English names), CRLF line ends,
 * RFC 4180 quoting. Written a page at a time, waiting for the client when it reads slowly.
 */
import { once } from 'node:events';
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

export const BOM = '\uFEFF';

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as CSV text: neutralised and quoted text, times as the wall clock's. */
export function cellText(cell: ExportCell, clock: WallClock): string {
  if (cell.value === null) return '';
  if (cell.kind === 'text') return csvField(neutraliseCell(cell.value));
  if (cell.kind === 'time') return clock.text(cell.value);
  return String(cell.value);
}

export async function writeResultsCsv(
  out: Writable,
  challenge: ResultsChallenge,
  pages: AsyncIterable<ExportRow[]>,
  clock: WallClock,
): Promise<void> {
  const columns = resultsExportColumns(challenge);
  out.write(BOM + resultsExportHeaders(challenge).map(csvField).join(',') + '\r\n');
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) {
      chunk += columns.map((c) => cellText(c.cell(row), clock)).join(',') + '\r\n';
    }
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
}
