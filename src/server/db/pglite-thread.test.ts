/**
 * A PGlite worker thread that dies while the database is open is reported once through onDeath
 * (main.ts then exits, so a supervisor restarts the server instead of it answering 500s
 * forever); closing the database is no death. The worker here is a stand-in that speaks the
 * thread's protocol (ready, then answers 'close'): the handle's logic is what is tested, without
 * the seconds a real PGlite takes to start.
 */
import type * as WorkerThreads from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { startPgliteThread } from './pglite-thread.ts';

const STAND_IN = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, op }) => {
  parentPort.postMessage({ id, result: null });
  if (op === 'close') parentPort.close();
});
parentPort.postMessage({ ready: 5432 });
`;

const workers = vi.hoisted(() => [] as Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  class StandIn extends real.Worker {
    constructor() {
      super(STAND_IN, { eval: true });
      workers.push(this);
    }
  }
  return { ...real, Worker: StandIn };
});

describe('the PGlite worker thread', () => {
  it('reports its death while open, once', async () => {
    const onDeath = vi.fn<(error: Error) => void>();
    const thread = await startPgliteThread({ dataDir: undefined, onDeath });
    await workers.at(-1)?.terminate();
    await vi.waitFor(() => expect(onDeath).toHaveBeenCalledOnce());
    expect(onDeath.mock.calls[0]?.[0].message).toMatch(/PGlite worker exited/u);
    await thread.close();
    expect(onDeath).toHaveBeenCalledOnce();
  });

  it('is not reported dead when it is closed', async () => {
    const onDeath = vi.fn<(error: Error) => void>();
    const thread = await startPgliteThread({ dataDir: undefined, onDeath });
    await thread.close();
    expect(workers.at(-1)?.threadId).toBe(-1);
    expect(onDeath).not.toHaveBeenCalled();
  });
});
