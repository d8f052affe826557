/**
 * Worker thread: reads the first worksheet of an .xlsx with exceljs's streaming reader and sends
 * its rows back in chunks, so the parse (the largest cost of an upload) runs beside the database
 * writes instead of before them. Plain JavaScript because the worker is started without the
 * TypeScript loader (tsx made its start-up about three times slower); xlsx-rows.ts is its typed
 * side.
 *
 * Protocol, one MessagePort per file: the server sends {data: ArrayBuffer, port}; the worker
 * posts {rows: [number, values, number, values, ...]} (row number, exceljs row.values), then
 * {done: true} or {error: message}. It keeps at most MAX_AHEAD chunks unread, waiting for
 * {pull: true} (one per chunk read) so memory does not grow with the file, and stops at
 * {cancel: true}. The server closes the port when it is done with the file.
 */
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const CHUNK_ROWS = 500;
const MAX_AHEAD = 16;

async function parse(data, port) {
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
    sheets: for await (const worksheet of reader) {
      for await (const row of worksheet) {
        rows.push(row.number, row.values);
        if (rows.length >= CHUNK_ROWS * 2) {
          await send(rows);
          rows = [];
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

parentPort?.on('message', ({ data, port }) => void parse(data, port));
