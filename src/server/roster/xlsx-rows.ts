/**
 * The rows of the first worksheet of an .xlsx, read with exceljs's streaming reader in a worker
 * thread (xlsx-worker.mjs) so memory stays flat however many rows there are and the parse runs
 * while the previous batch is written (with PGlite, the database runs on this thread, so without
 * the worker parse and writes would add up). Only call it on a buffer inspectZip has accepted.
 *
 * One worker serves the whole process: it is started when the roster routes are registered,
 * because loading exceljs takes about half a second and a cold start on the first upload would
 * cost more than the parse of a 10,000-row file. It does not keep the process alive, and it is
 * restarted after a crash. Each file gets its own MessagePort, so uploads never see each other's
 * rows.
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { ROSTER_MAX_CELL_READ } from '../../contract/roster.ts';
import { cellText } from '../../contract/roster-rows.ts';
import { KeptWorker } from '../threads/kept-worker.ts';
import type { SheetRow } from './sheet-row.ts';

// A hard bound on the worker's heap whatever the file holds (issue 15 item 10): past it the
// worker is stopped and the file refused as unreadable, instead of the server growing. The zip
// checks keep honest files well under it.
const reader = new KeptWorker(new URL('./xlsx-worker.mjs', import.meta.url), {
  oldGenerationMb: 64,
  youngGenerationMb: 16,
});

/** Starts the worker ahead of the first upload; answers it (the tests stop it). */
export function warmXlsxReader(): Worker {
  return reader.get();
}

/** Messages a port receives from the worker; see xlsx-worker.mjs. */
type FromWorker = { rows: unknown[] } | { done: true } | { error: string };

/**
 * The row's cells, as sparse as exceljs's values: a row holding only column XFD costs one cell,
 * not 16,384 (an empty cell and a missing one read the same: `every` and `forEach` skip holes,
 * the row checks read `cells[i] ?? ''`).
 */
function rowCells(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const cells: string[] = [];
  values.forEach((value: unknown, column: number) => {
    // exceljs rows are 1-based: values[0] is always empty.
    if (column >= 1) cells[column - 1] = cellText(value);
  });
  return cells;
}

/** The worker's messages for one file, in order, as an async queue. */
function receive(port: MessagePort) {
  const queue: (FromWorker | 'closed')[] = [];
  let wake: (() => void) | undefined;
  const push = (item: FromWorker | 'closed') => {
    queue.push(item);
    wake?.();
  };
  port.on('message', (message: FromWorker) => push(message));
  // Also when the worker dies: the file then fails instead of waiting forever.
  port.on('close', () => push('closed'));
  return async function next(): Promise<FromWorker | 'closed'> {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    return queue.shift() as FromWorker | 'closed';
  };
}

/** Sends one file to the worker; answers the port its messages arrive on. */
function sendToWorker(data: Buffer): MessagePort {
  const worker = reader.get();
  const { port1, port2 } = new MessageChannel();
  // A copy, so its memory can be moved to the worker instead of copied again.
  const copy = new Uint8Array(data).buffer;
  worker.postMessage({ data: copy, port: port2, maxCell: ROSTER_MAX_CELL_READ }, [copy, port2]);
  return port1;
}

export async function* xlsxRows(data: Buffer): AsyncGenerator<SheetRow> {
  let port = sendToWorker(data);
  let next = receive(port);
  let heard = false;
  let retried = false;
  let finished = false;
  try {
    for (;;) {
      const message = await next();
      if (message === 'closed' && !heard && !retried) {
        // The port closed before the worker said a word about this file: the worker died
        // between files (CI saw an empty, valid .xlsx refused once under load). The file gets
        // one more try on a fresh worker; a file that itself kills the worker fails twice.
        retried = true;
        port.close();
        void reader.stop();
        port = sendToWorker(data);
        next = receive(port);
        continue;
      }
      heard = true;
      if (message === 'closed') throw new Error('the .xlsx reader stopped');
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) break;
      port.postMessage({ pull: true });
      const { rows } = message;
      for (let i = 0; i + 1 < rows.length; i += 2) {
        yield { row: Number(rows[i]), cells: rowCells(rows[i + 1]) };
      }
    }
    finished = true;
  } finally {
    // Stopped early (a limit, a parse or database error): the worker drops the rest of the file.
    if (!finished) port.postMessage({ cancel: true });
    port.close();
  }
}
