/**
 * Worker thread: writes .xlsx workbooks with exceljs's streaming WorkbookWriter, so the writing
 * (the largest cost of an export) runs beside the server's reads of the next pages instead of
 * taking turns with them on one thread. Plain JavaScript because the worker is started without
 * the TypeScript loader (as roster/xlsx-worker.mjs); xlsx-writer-thread.ts is its typed side.
 *
 * Protocol, one MessagePort per workbook: the server sends {port, sheets: [{name, header,
 * widths?}]}; every sheet gets its bold header row and a frozen first row. Then, on the port:
 * - {rows: [sheet, values, sheet, values, ...]}: rows added and committed in that order, answered
 *   with {written: true}; a Date value is given the date-time format;
 * - {end: true}: every sheet committed in order, then the workbook; answered with {ended: true}
 *   once the zip is complete.
 * The worker posts the workbook's bytes as {chunk: ArrayBuffer} as they are zipped, before the
 * answer that follows them, and {error: message} if the writing fails. The server closes the port
 * to drop a workbook (the client went away).
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

parentPort.on('message', ({ port, sheets }) => writeWorkbook(port, sheets));

function writeWorkbook(port, specs) {
  let dropped = false;
  const out = new Writable({
    write(chunk, _encoding, done) {
      // A copy of exactly its bytes (a chunk may be a view of a larger pooled buffer), moved to
      // the server instead of copied a second time.
      if (!dropped) {
        const bytes = new Uint8Array(chunk).buffer;
        port.postMessage({ chunk: bytes }, [bytes]);
      }
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheets = specs.map((spec) => {
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    if (spec.widths) sheet.columns = spec.widths.map((width) => ({ width }));
    const header = sheet.addRow(spec.header);
    header.font = { bold: true };
    header.commit();
    return sheet;
  });

  function addRows(rows) {
    for (let i = 0; i + 1 < rows.length; i += 2) {
      const values = rows[i + 1];
      const row = sheets[rows[i]].addRow(values);
      values.forEach((value, column) => {
        if (value instanceof Date) row.getCell(column + 1).numFmt = TIME_FORMAT;
      });
      row.commit();
    }
  }

  async function finish() {
    for (const sheet of sheets) sheet.commit();
    await workbook.commit();
  }

  // Messages are handled one after the other: a batch's rows before the next, the end last.
  let turn = Promise.resolve();
  port.on('message', (message) => {
    turn = turn.then(async () => {
      if (dropped) return;
      try {
        if (message.rows) {
          addRows(message.rows);
          port.postMessage({ written: true });
        } else if (message.end) {
          await finish();
          port.postMessage({ ended: true });
          port.close();
        }
      } catch (error) {
        dropped = true;
        port.postMessage({ error: error instanceof Error ? error.message : String(error) });
        port.close();
      }
    });
  });
  port.on('close', () => {
    dropped = true;
  });
}
