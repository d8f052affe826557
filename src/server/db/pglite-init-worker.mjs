/**
 * Creates a new PGlite data folder (initdb) in a throwaway worker thread, then ends. PGlite runs
 * initdb in a second WASM instance, and WASM memory is never given back while its thread lives:
 * done on the serving thread, it kept about 600 MB more for the life of the first server. Once
 * this thread has ended its memory is back with the OS, and pglite-worker.mjs opens the folder
 * as on any restart (issue 15 item 13). workerData: {dataDir: string}.
 */
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { startParams } from './pglite-settings.mjs';

const db = await PGlite.create(workerData.dataDir, { startParams });
await db.close();
