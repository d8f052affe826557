/**
 * Runs embedded PGlite in a worker thread (pglite-worker.mjs) that serves it over the Postgres
 * wire protocol: PGlite's WASM Postgres blocks the thread it runs on, and on the server's own
 * thread every request waited while it worked (seconds under 300 concurrent logins). The caller
 * connects with node-postgres to `connection`.
 *
 * The worker listens on a Unix socket inside the data folder, which only this user can connect
 * to (socket files need write permission), or, in memory (tests) and for data folder paths too
 * long for a socket, inside a private temporary folder.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { makeOwnedFolderAsync } from '../storage/owned-folders.ts';
import { makeDataDirPrivate } from '../storage/private-data-dir.ts';

export type PgliteThread = {
  /** Where node-postgres connects: host (a socket folder or 127.0.0.1) and port. */
  connection: Pick<pg.PoolConfig, 'host' | 'port'>;
  dump(): Promise<Blob>;
  close(): Promise<void>;
};

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);
const initWorkerUrl = new URL('./pglite-init-worker.mjs', import.meta.url);

/** node-postgres connects to `${host}/.s.PGSQL.${port}` when host is a folder. */
const SOCKET_PORT = 5432;
const socketName = `.s.PGSQL.${SOCKET_PORT}`;
/** sun_path holds 108 bytes on Linux (104 on macOS), including the final NUL. */
const MAX_SOCKET_PATH = 103;

type FromWorker = { ready: string | number } | { id: number; result?: unknown; error?: string };

/**
 * Where the worker for a data folder listens, or null when that path is too long for a socket
 * (it then listens in a private folder nobody else can find): `npm run admin` reaches a running
 * server's database here.
 */
export function pgliteSocketIn(
  dataDir: string,
): { host: string; port: number; path: string } | null {
  const host = path.resolve(dataDir);
  const socketPath = path.join(host, socketName);
  return socketPath.length > MAX_SOCKET_PATH ? null : { host, port: SOCKET_PORT, path: socketPath };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** True when a process accepts connections on the Unix socket (a server serving the database). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * A socket file left by a process that was killed would make listen() fail. One that still
 * answers belongs to a live server on the same data folder: two PGlite instances on one folder
 * corrupt it, so that is refused.
 */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const live = await socketAnswers(socketPath);
  if (live) throw new Error(`another process is serving the database at ${socketPath}`);
  await fs.rm(socketPath, { force: true });
}

/**
 * A new data folder is created in a thread of its own that then ends, so that initdb's memory is
 * given back before the serving thread starts (pglite-init-worker.mjs).
 */
async function initDataDir(dataDir: string): Promise<void> {
  const worker = new Worker(initWorkerUrl, { execArgv: [], workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite database failed (${code})`)),
    );
  });
}

export async function startPgliteThread(options: {
  dataDir: string | undefined;
  loadDataDir?: Blob;
  /**
   * Called once if the worker dies while open (a crash, an out-of-memory abort): every query
   * would fail from then on, so the server exits and its supervisor starts it again (main.ts).
   */
  onDeath?: (error: Error) => void;
}): Promise<PgliteThread> {
  let socketDir: string | undefined;
  let privateDir: string | undefined;
  if (options.dataDir) {
    socketDir = path.resolve(options.dataDir);
    await fs.mkdir(socketDir, { recursive: true });
    if (!pgliteSocketIn(socketDir)) {
      // Too long a data folder path for a socket: a private folder (mode 0700) instead.
      privateDir = await makeOwnedFolderAsync(os.tmpdir(), 'pglite');
      socketDir = privateDir;
    }
    await removeStaleSocket(path.join(socketDir, socketName));
    // Checked after the live-socket check: a running server's folder is never initialised.
    if (!options.loadDataDir && !(await exists(path.join(options.dataDir, 'PG_VERSION'))))
      await initDataDir(options.dataDir);
  } else {
    // In memory (tests): still a Unix socket in a private folder (0700), never a TCP port that
    // any local user could connect to.
    privateDir = await makeOwnedFolderAsync(os.tmpdir(), 'pglite');
    socketDir = privateDir;
  }
  const socketPath = socketDir && path.join(socketDir, socketName);
  const loadDataDir = options.loadDataDir && (await options.loadDataDir.arrayBuffer());

  const worker = new Worker(workerUrl, {
    // Not the parent's loader flags (tsx): the worker is plain JavaScript.
    execArgv: [],
    workerData: { dataDir: options.dataDir, loadDataDir, socketPath },
    transferList: loadDataDir ? [loadDataDir] : [],
  });

  const pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  let failure: Error | undefined;
  let started = false;
  let closing: Promise<void> | undefined;
  const fail = (error: Error) => {
    const first = failure === undefined;
    failure ??= error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    if (first && started && !closing) options.onDeath?.(error);
  };

  const address = await new Promise<string | number>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if ('ready' in message) return resolve(message.ready);
      const request = pending.get(message.id);
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if (message.error !== undefined) request?.reject(new Error(message.error));
      else request?.resolve(message.result);
    });
    worker.on('error', (error) => {
      fail(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the PGlite worker exited (code ${code})`);
      fail(error);
      reject(error);
    });
  });
  started = true;
  // PGlite writes a new or loaded folder by unpacking a tarball whose files it then chmods to the
  // tarball's 0666 (the WAL segments among them, which Postgres recycles by renaming, so they keep
  // that mode); the umask covers only what it creates later (private-data-dir.ts).
  if (options.dataDir) await makeDataDirPrivate(options.dataDir);
  // Like PGlite on the main thread, an open database alone does not keep the process alive; the
  // worker is referenced only while a request to it is pending (and node-postgres's socket while
  // a query runs).
  worker.unref();

  let nextId = 0;
  function request(op: 'dump' | 'close'): Promise<unknown> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op });
    });
  }

  return {
    connection:
      typeof address === 'number'
        ? { host: '127.0.0.1', port: address }
        : { host: path.dirname(address), port: SOCKET_PORT },
    async dump() {
      const data = await request('dump');
      if (!(data instanceof ArrayBuffer)) throw new Error('the PGlite worker sent no dump');
      return new Blob([data]);
    },
    close: () =>
      (closing ??= (async () => {
        try {
          // A worker that already died has closed nothing: terminating it is all that is left.
          if (!failure) await request('close');
        } finally {
          await worker.terminate();
          if (privateDir) await fs.rm(privateDir, { recursive: true, force: true });
          else if (socketPath) await fs.rm(socketPath, { force: true });
        }
      })()),
  };
}
