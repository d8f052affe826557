/**
 * Worker thread: reads the first worksheet of an .xlsx with exceljs's streaming reader and sends
 * its rows back in chunks, so the parse (the largest cost of an upload) runs beside the database
 * writes instead of before them. Plain JavaScript because the worker is started without the
 * TypeScript loader (tsx made its start-up about three times slower); xlsx-rows.ts is its typed
 * side.
 *
 * Protocol, one MessagePort per file: the server sends {data: ArrayBuffer, port, maxCell}; the
 * worker posts {rows: [number, values, number, values, ...]} (row number, exceljs row.values with
 * every text cut to maxCell characters, see capValue), then {done: true} or {error: message}. It
 * keeps at most MAX_AHEAD chunks unread, waiting for {pull: true} (one per chunk read) so memory
 * does not grow with the file, and stops at {cancel: true}. A chunk closes at CHUNK_ROWS rows or
 * CHUNK_CHARS characters of text, so wide rows cannot make the chunks in flight large. The server
 * closes the port when it is done with the file.
 */
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const CHUNK_ROWS = 500;
const CHUNK_CHARS = 256 * 1024;
const MAX_AHEAD = 16;

/**
 * A cell's text, at most `max` characters: a longer one has its spaces collapsed and is trimmed
 * (the row checks do the same, so the verdict does not change), then cut at max + 1 characters,
 * which is still too long for any column. Without the cut, one long shared string referenced by
 * every cell would be copied to the server once per cell.
 */
function capText(text, max) {
  if (text.length <= max) return text;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : collapsed.slice(0, max + 1);
}

/**
 * A cell value with its text capped, in the shapes cellText (src/contract/roster-rows.ts) reads,
 * checked in the same order: rich text becomes its joined text (bounded by the shared-strings
 * limit), a formula keeps its result, a hyperlink its text. Dates, numbers, booleans and errors pass unchanged.
 */
function capValue(value, max) {
  if (typeof value === 'string') return capText(value, max);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value.richText)) {
    // Joined before the cut: spaces across two runs collapse as they would in the whole text.
    let text = '';
    for (const part of value.richText) if (typeof part?.text === 'string') text += part.text;
    return capText(text, max);
  }
  if ('result' in value) return { result: capValue(value.result, max) };
  if ('text' in value) return { text: capValue(value.text, max) };
  if ('error' in value) return { error: value.error };
  return undefined;
}

/** Characters a capped value adds to a chunk (a rough count of what it costs to send). */
function charsOf(value) {
  if (typeof value === 'string') return value.length;
  if (value && typeof value === 'object') {
    const inner = value.result ?? value.text;
    return 8 + (typeof inner === 'string' ? inner.length : 0);
  }
  return 8;
}

/** The row's values, capped; also answers their size for the chunk count. */
function cappedValues(values, max) {
  const capped = [];
  let chars = 0;
  // Sparse like exceljs's: a cell in column XFD does not fill the columns before it.
  values.forEach((value, column) => {
    const cell = capValue(value, max);
    capped[column] = cell;
    chars += charsOf(cell);
  });
  return { capped, chars };
}

/**
 * exceljs keeps every shared string for the whole parse, rich text as objects with their fonts:
 * once they are read (before the first row), each becomes its capped plain text, in place, since
 * the worksheet reader holds the same array.
 */
function compactSharedStrings(reader, max) {
  const strings = reader.sharedStrings;
  if (!Array.isArray(strings)) return;
  for (let i = 0; i < strings.length; i++) strings[i] = capValue(strings[i], max);
}

async function parse(data, port, maxCell) {
  let ahead = 0;
  let cancelled = false;
  let wake;
  port.on('message', (message) => {
    if (message.pull) ahead--;
    if (message.cancel) cancelled = true;
    wake?.();
  });
  const send = async (rows) => {
    port.postMessage({ rows });
    ahead++;
    while (ahead >= MAX_AHEAD && !cancelled) await new Promise((resolve) => (wake = resolve));
    wake = undefined;
  };

  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(data)]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles tell dates from numbers; hyperlinks and other entries are not needed.
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let rows = [];
    let chars = 0;
    sheets: for await (const worksheet of reader) {
      compactSharedStrings(reader, maxCell);
      for await (const row of worksheet) {
        const values = cappedValues(row.values, maxCell);
        rows.push(row.number, values.capped);
        chars += values.chars;
        if (rows.length >= CHUNK_ROWS * 2 || chars >= CHUNK_CHARS) {
          await send(rows);
          rows = [];
          chars = 0;
          if (cancelled) break sheets;
        }
      }
      break; // The roster is the first sheet; the others are ignored.
    }
    if (!cancelled && rows.length > 0) port.postMessage({ rows });
    port.postMessage({ done: true });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    // The server closes the port once it has read the last message. Closing it here raced with
    // that message: under load the server could see the port close before {done} arrived, and
    // a good file was reported as unreadable.
    port.removeAllListeners('message');
  }
}

parentPort?.on('message', ({ data, port, maxCell }) => void parse(data, port, maxCell));
