/**
 * Worker thread: computes one similarity report (report-assembly.ts) beside the server's event
 * loop, which a report of 500 programs would otherwise hold for seconds. report-thread.ts is its
 * typed side.
 *
 * Plain JavaScript because the worker is started without the parent's loader flags, and vitest's
 * transform does not reach workers. In the built server (scripts/build-server.mjs)
 * report-assembly.js sits beside this file and is imported as it is; run from the sources (the
 * tests, dev:server) there is no such file, and tsx's tsImport loads report-assembly.ts, scoped
 * to that import, so nothing else in the thread goes through a loader.
 *
 * workerData: a ReportInput. Posts {report: ComputedReport} or {error: message}, then ends.
 */
import { existsSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const built = new URL('./report-assembly.js', import.meta.url);

async function loadAssembly() {
  if (existsSync(fileURLToPath(built))) return import(built.href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('./report-assembly.ts', import.meta.url);
}

try {
  const { assembleReport } = await loadAssembly();
  parentPort.postMessage({ report: assembleReport(workerData) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
