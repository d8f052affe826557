/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a student can name themselves
 * `=HYPERLINK("http://x","y")`, and Excel or LibreOffice would run it when the teacher opens the
 * export. Text starting with = + - @ tab or carriage return is prefixed with a single quote, so
 * it is shown as the text it is. Numbers and dates are written as typed cells and need nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
