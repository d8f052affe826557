/**
 * The .xlsx exports' writer, in a worker thread (xlsx-writer-worker.mjs). exceljs's writing is
 * synchronous work, 0.6-0.8 s for an exam of 2,000 students on a 2-core machine: on the server's
 * thread it took turns with the reads of the next pages (parsing rows, and with PGlite answering
 * its thread's messages), and the export took 1.6x the writer alone (issue 31, whose goal is
 * 1.5x). In the worker the server's thread only reads pages and turns rows into cell values while
 * the worker writes the pages before; every other request is served meanwhile too.
 *
 * One worker serves the process: started by the first export, because loading exceljs takes
 * about half a second, and kept for the next ones (it does not keep the process alive; a crashed
 * one is replaced by the next export). Each workbook gets its own MessagePort, so exports at the
 * same time never see each other's rows.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { KeptWorker } from '../threads/kept-worker.ts';

/**
 * A bound on the worker's heap: a workbook's later sheets wait in memory until the first is
 * zipped (about 5 MB for 2,000 students x 5 slots, 3 MB for 10,000 students x 20 tests).
 */
const writer = new KeptWorker(new URL('./xlsx-writer-worker.mjs', import.meta.url), {
  oldGenerationMb: 256,
  youngGenerationMb: 16,
});

/**
 * Batches sent and not yet written: two keep the worker busy while the server reads the next
 * page, and bound what waits in the worker's queue.
 */
const MAX_BATCHES_AHEAD = 2;

/** Stops the worker (the tests, so a file's process can end). */
export function stopXlsxWriter(): Promise<void> {
  return writer.stop();
}

export type XlsxValue = string | number | Date | null;

/** A sheet: its name, header row and column widths (exceljs's default width where none). */
export type XlsxSheet = {
  name: string;
  header: readonly string[];
  widths?: readonly number[];
};

/** A row for the sheet at `sheet` (its index in the workbook's sheets). */
export type XlsxRow = readonly [sheet: number, values: readonly XlsxValue[]];

export type XlsxWorkbook = {
  /** Adds rows in order; waits while the worker or the client is behind. */
  addRows(rows: readonly XlsxRow[]): Promise<void>;
  /** Commits every sheet in order and ends `out` once the workbook is in it. */
  end(): Promise<void>;
  /** Drops the workbook (a read failed); `out` is left to the caller. */
  cancel(): void;
};

/** Waits while the client reads slower than the worker writes, so unsent bytes never pile up. */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

type FromWorker = { chunk: ArrayBuffer } | { written: true } | { ended: true } | { error: string };

/** Starts a workbook whose bytes are written into `out` as the worker zips them. */
export function openXlsxWorkbook(out: Writable, sheets: readonly XlsxSheet[]): XlsxWorkbook {
  const { port1: port, port2 } = new MessageChannel();
  writer.get().postMessage({ port: port2, sheets }, [port2]);

  let failure: Error | undefined;
  let ended = false;
  let ahead = 0;
  // Whoever waits for the worker's next answer (a batch written, the end, a failure).
  let wake: (() => void) | undefined;
  const settle = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const answer = () => new Promise<void>((resolve) => (wake = resolve));

  port.on('message', (message: FromWorker) => {
    if ('chunk' in message) out.write(Buffer.from(message.chunk));
    else if ('written' in message) ahead -= 1;
    else if ('ended' in message) ended = true;
    else failure = new Error(`the .xlsx writer failed: ${message.error}`);
    settle();
  });
  // Also when the worker dies: the export then fails instead of waiting forever.
  port.on('close', () => {
    if (!ended) failure ??= new Error('the .xlsx writer stopped');
    settle();
  });

  function check(): void {
    if (failure) {
      port.close();
      throw failure;
    }
  }

  return {
    async addRows(rows) {
      check();
      port.postMessage({ rows: rows.flat() });
      ahead += 1;
      while (ahead >= MAX_BATCHES_AHEAD && !failure) await answer();
      check();
      await drained(out);
    },
    async end() {
      check();
      port.postMessage({ end: true });
      while (!ended && !failure) await answer();
      check();
      port.close();
      out.end();
    },
    cancel() {
      port.close();
    },
  };
}
