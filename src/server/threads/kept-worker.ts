/**
 * One plain-JavaScript worker thread a process keeps for a kind of work (the roster's .xlsx
 * reader, the exports' .xlsx writer): loading exceljs takes about half a second, so the worker is
 * started once and serves every file after, each on a MessagePort of its own.
 *
 * It never keeps the process alive, and a worker that crashed or ran out of its heap is forgotten
 * when it exits: the next caller gets a new one. Its heap is bounded, the young generation as
 * well as the old, because setting only the old one shrinks the young to a size that doubled the
 * roster's parse time.
 */
import { Worker } from 'node:worker_threads';

export interface WorkerHeap {
  oldGenerationMb: number;
  youngGenerationMb: number;
}

export class KeptWorker {
  private worker: Worker | undefined;

  constructor(
    private readonly script: URL,
    private readonly heap: WorkerHeap,
  ) {}

  /** The running worker, started if there is none. */
  get(): Worker {
    this.worker ??= this.start();
    return this.worker;
  }

  /** Forgets the worker and stops it; the next get() starts another. */
  async stop(): Promise<void> {
    const running = this.worker;
    this.worker = undefined;
    await running?.terminate();
  }

  private start(): Worker {
    const started = new Worker(this.script, {
      // Not the parent's loader flags (tsx, vitest): the worker is plain JavaScript.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.heap.oldGenerationMb,
        maxYoungGenerationSizeMb: this.heap.youngGenerationMb,
      },
    });
    started.unref();
    // A crash closes the ports of the files in flight (their callers fail on that).
    started.on('error', () => undefined);
    started.on('exit', () => {
      if (this.worker === started) this.worker = undefined;
    });
    return started;
  }
}
