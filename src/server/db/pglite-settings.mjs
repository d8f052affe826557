/**
 * PGlite's start-up arguments, shared by the serving thread (pglite-worker.mjs) and the thread
 * that creates a new data folder (pglite-init-worker.mjs). Plain JavaScript like both.
 */
import { PGlite } from '@electric-sql/pglite';

/**
 * Postgres's 128 MB of shared buffers (initdb's default) are allocated and touched inside the
 * WASM memory at every start, and WASM memory is never given back: 16 MB keeps a restarted
 * server's whole process tree under 400 MB (issue 15 item 13, README: Memory and start-up). An
 * exam's working set is small, and pages beyond the buffers come from the OS's file cache.
 */
export const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
