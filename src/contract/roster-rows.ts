/**
 * The rules a roster row must pass, shared by the web preview and the server so the preview
 * predicts the upload exactly: the header is matched case- and space-insensitively, names are
 * trimmed and lower-cased like sign-up's, emails validated and lower-cased, and a second row with
 * an email already seen in the file is rejected, naming the first row.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import {
  ROSTER_HEADERS,
  ROSTER_MAX_CELL_LENGTH,
  ROSTER_OPTIONAL_HEADERS,
  type RosterHeader,
} from './roster.ts';

export type RosterRecord = {
  name: string;
  email: string;
  year: string | null;
  branch: string | null;
  college: string | null;
  /** Optional columns (issue 33): null when the file has no such column or the cell is empty. */
  studentNumber: string | null;
  section: string | null;
};

type Field = keyof RosterRecord;
/** Column index (0-based) of each field in the file; year, branch and college may be absent. */
export type RosterColumns = { name: number; email: number } & Partial<Record<Field, number>>;

const fieldOf: Record<RosterHeader, Field> = {
  Name: 'name',
  Email: 'email',
  Year: 'year',
  Branch: 'branch',
  'College Name': 'college',
  'Student ID': 'studentNumber',
  Section: 'section',
};

/** "College Name", " college  name " and "COLLEGENAME" all read as the same header. */
export function normalizeHeader(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

const headerLookup = new Map(
  [...ROSTER_HEADERS, ...ROSTER_OPTIONAL_HEADERS].map((h) => [normalizeHeader(h), fieldOf[h]]),
);

/** The columns named by a header row, or undefined when Name or Email is missing. */
export function matchRosterHeader(cells: readonly string[]): RosterColumns | undefined {
  const found: Partial<Record<Field, number>> = {};
  cells.forEach((cell, index) => {
    const field = headerLookup.get(normalizeHeader(cell));
    if (field && found[field] === undefined) found[field] = index;
  });
  const { name, email } = found;
  if (name === undefined || email === undefined) return undefined;
  return { ...found, name, email };
}

export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

type CellObject = {
  richText?: unknown;
  text?: unknown;
  result?: unknown;
  error?: unknown;
};

/**
 * The text of a spreadsheet cell as exceljs gives it: plain values, dates (as yyyy-mm-dd), rich
 * text, hyperlinks ({text}), formulas ({formula, result}: the result) and errors ('#N/A').
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const cell = value as CellObject;
    if (Array.isArray(cell.richText)) {
      return cell.richText.map((part: { text?: unknown }) => cellText(part.text)).join('');
    }
    if ('result' in cell) return cellText(cell.result);
    if ('text' in cell) return cellText(cell.text);
    if ('error' in cell) return cellText(cell.error);
  }
  return '';
}

const emailCheck = z.email().max(254);

function optionalText(value: string): string | null {
  const text = value.trim().replace(/\s+/g, ' ');
  return text === '' ? null : text;
}

export type RowVerdict = { ok: true; record: RosterRecord } | { ok: false; message: string };

/**
 * Checks rows one by one, remembering the emails seen so far (one entry per valid row, the only
 * state that grows with the file). Rows must be given in file order.
 */
export function createRosterRowChecker(columns: RosterColumns) {
  const seen = new Map<string, number>();
  const cell = (cells: readonly string[], field: Field) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '');
  };

  return function check(rowNumber: number, cells: readonly string[]): RowVerdict {
    const problems: string[] = [];
    const name = (optionalText(cell(cells, 'name')) ?? '').toLowerCase();
    const email = cell(cells, 'email').trim().toLowerCase();
    const year = optionalText(cell(cells, 'year'));
    const branch = optionalText(cell(cells, 'branch'));
    const college = optionalText(cell(cells, 'college'));
    const studentNumber = optionalText(cell(cells, 'studentNumber'));
    const section = optionalText(cell(cells, 'section'));

    if (name === '') problems.push(messages.rosterNameMissing);
    if (email === '') problems.push(messages.rosterEmailMissing);
    else if (!emailCheck.safeParse(email).success) problems.push(messages.rosterEmailInvalid);
    const long: [string, string | null][] = [
      ['Name', name],
      ['Year', year],
      ['Branch', branch],
      ['College Name', college],
      ['Student ID', studentNumber],
      ['Section', section],
    ];
    for (const [column, text] of long) {
      if (text !== null && text.length > ROSTER_MAX_CELL_LENGTH) {
        problems.push(messages.rosterCellTooLong.replace('{column}', column));
      }
    }
    if (problems.length === 0) {
      const first = seen.get(email);
      if (first !== undefined) {
        problems.push(messages.rosterDuplicate.replace('{row}', String(first)));
      } else {
        seen.set(email, rowNumber);
      }
    }
    if (problems.length > 0) return { ok: false, message: problems.join('; ') };
    return { ok: true, record: { name, email, year, branch, college, studentNumber, section } };
  };
}
