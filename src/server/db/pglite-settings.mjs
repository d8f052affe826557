/**
 * PGlite's start-up arguments, shared by the serving thread (pglite-worker.mjs) and the thread
 * that creates a new data folder (pglite-init-worker.mjs). Plain JavaScript like both.
 */
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * V8 compiles WASM functions with its baseline compiler (Liftoff) and recompiles the ones that
 * run a lot with its optimising one (TurboFan). Postgres's start-up runs enough of its large
 * binary to send hundreds of functions to TurboFan, on background threads that compete with the
 * server's own start on two cores, and keep the code: with the default budget, opening a database
 * here cost about 700 ms of CPU and 200 MB resident, with a budget 100 times larger about 400 ms
 * and 160 MB, and the queries of an exam (many small ones, some aggregates) ran as fast or faster,
 * as only the functions that stay hot are optimised (figures in README: Memory and start-up).
 * V8's flags are the process's: WASM is only PGlite here. Set before PGlite.create compiles.
 */
v8.setFlagsFromString('--wasm-tiering-budget=180000000');

/**
 * Postgres's 128 MB of shared buffers (initdb's default) are allocated and touched inside the
 * WASM memory at every start, and WASM memory is never given back: 16 MB keeps a restarted
 * server's whole process tree under 400 MB (issue 15 item 13, README: Memory and start-up). An
 * exam's working set is small, and pages beyond the buffers come from the OS's file cache.
 */
export const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
