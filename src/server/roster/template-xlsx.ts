/**
 * Template.xlsx: the roster template as a workbook, the same header row as Template.csv (spec §3),
 * for the menu item called "Excel upload" (a teacher opening a .csv in Excel gets its guessed
 * types: a roll number "00123" becomes 123). The columns are text-formatted for the same reason,
 * and wide enough to read. The file is made once, on the first request (exceljs is loaded then,
 * not at start: it is the server's largest import), and kept: it never changes while running.
 * scripts/make-roster-template.ts writes the same workbook to public/ for the service worker's
 * offline copy.
 */
import { ROSTER_HEADERS } from '../../contract/roster.ts';

/** Column widths in characters: Name, Email, Year, Branch, College Name. */
const WIDTHS = [28, 32, 8, 14, 28] as const;
/** Fixed so that two builds of the template carry the same metadata. */
const CREATED = new Date('2026-01-01T00:00:00.000Z');

export async function makeRosterTemplateXlsx(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Campus Coding Assessment Portal';
  workbook.created = CREATED;
  workbook.modified = CREATED;
  const sheet = workbook.addWorksheet('Students', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ROSTER_HEADERS.map((header, i) => ({
    header,
    width: WIDTHS[i] ?? 16,
    // '@' is Excel's Text format: what a teacher types stays as typed.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let made: Promise<Buffer> | null = null;

/** The template, made on first use and then served from memory. */
export function rosterTemplateXlsx(): Promise<Buffer> {
  made ??= makeRosterTemplateXlsx().catch((error: unknown) => {
    made = null;
    throw error;
  });
  return made;
}
