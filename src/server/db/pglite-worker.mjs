/**
 * Worker thread that owns the embedded PGlite database and serves it over the Postgres wire
 * protocol (@electric-sql/pglite-socket), so its WASM Postgres runs beside the server's event loop
 * instead of on it. pglite-thread.ts is its typed side; the server talks to it with node-postgres.
 * Plain JavaScript because the worker is started without the TypeScript loader (tsx only slows
 * its start-up, and vitest's transform does not reach workers).
 *
 * workerData: {dataDir?: string, loadDataDir?: ArrayBuffer, socketPath?: string}; listens on
 * socketPath, or on 127.0.0.1 port 0 without one. Posts {ready: address} once listening, where
 * address is the socket path or the port number. Requests {id, op: 'dump' | 'close'} are answered
 * with {id, result} or {id, error}; after 'close' the worker has nothing left and exits.
 */
import { Blob } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { startParams } from './pglite-settings.mjs';

const { dataDir, loadDataDir, socketPath } = workerData;

const db = await PGlite.create(dataDir ?? 'memory://', {
  startParams,
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});
const server = new PGLiteSocketServer({
  db,
  ...(socketPath ? { path: socketPath } : { host: '127.0.0.1', port: 0 }),
  // The server's pool holds one connection; the spare slots only let a replacement connect while
  // a broken one is still being detached. Queries from several connections are serialised by
  // pglite-socket, and a transaction keeps PGlite to its own connection until it ends.
  maxConnections: 4,
});
await server.start();

let closed;
async function close() {
  await server.stop();
  await db.close();
}

parentPort.on('message', async ({ id, op }) => {
  try {
    if (op === 'dump') {
      const dump = await db.dumpDataDir('none');
      const result = await dump.arrayBuffer();
      parentPort.postMessage({ id, result }, [result]);
    } else if (op === 'close') {
      await (closed ??= close());
      parentPort.postMessage({ id, result: null });
      // Nothing else may keep this thread alive: the server and the database are closed.
      parentPort.close();
    } else {
      throw new Error(`unknown request ${op}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

const conn = server.getServerConn();
parentPort.postMessage({
  ready: socketPath ? conn : Number(conn.slice(conn.lastIndexOf(':') + 1)),
});
