/**
 * CSV for the roster, shared by the web preview and the server (exceljs's browser build has no
 * CSV reader, and its Node reader turns "00123" into 123 and ISO text into dates). Cells stay
 * text. Handles a UTF-8 byte-order mark, Excel's legacy "CSV" saved as Windows-1252, and the ';'
 * or tab separators that Excel writes in locales whose decimal mark is a comma.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Bytes that never appear in a text file: NUL and control characters other than tab/CR/LF. */
function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 64 * 1024);
  for (let i = 0; i < end; i++) {
    const b = bytes[i] ?? 0;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  }
  return false;
}

/** The text of a CSV file, or undefined when the bytes are not text. */
export function decodeCsvText(bytes: Uint8Array): string | undefined {
  const hasBom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** ',' unless the first line has more ';' or tabs outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [sep, count] of counts) if (count > (counts.get(best) ?? 0)) best = sep;
  return best;
}

/**
 * The records of an RFC 4180 file one at a time (quoted fields may hold separators, quotes
 * written as "" and line breaks), so a caller can stop early and nothing holds every row.
 */
export function* csvRecords(text: string, separator: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === separator) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      yield record;
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}
