/**
 * Runs similarity reports in worker threads (report-worker.mjs), one at a time: tokenising and
 * comparing 500 programs takes seconds of CPU, which on the server's thread would stall every
 * other request, and two at once on a 2-core machine would also take the judge's core. Each
 * report gets a new thread that ends with it, so the parsers' memory goes back to the system
 * between reports (a teacher asks for one now and then, not every second).
 */
import { Worker } from 'node:worker_threads';
import type { ComputedReport, ReportInput } from './report-assembly.ts';

const workerUrl = new URL('./report-worker.mjs', import.meta.url);

/** A report that takes longer is stopped: 500 programs of 200 lines take about a second or two. */
const DEFAULT_TIMEOUT_MS = 120_000;

type FromWorker = { report: ComputedReport } | { error: string };

export class ReportThreads {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly running = new Set<Worker>();
  private closed = false;

  constructor(private readonly timeoutMs = DEFAULT_TIMEOUT_MS) {}

  /** Queued behind the report being computed, if any. */
  compute(input: ReportInput): Promise<ComputedReport> {
    const run = this.queue.then(() => this.runOne(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the thread at work (the server is closing); queued reports fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running].map((worker) => worker.terminate()));
  }

  private runOne(input: ReportInput): Promise<ComputedReport> {
    if (this.closed) return Promise.reject(new Error('the server is closing'));
    const worker = new Worker(workerUrl, {
      // Not the parent's loader flags (tsx, vitest): the worker is plain JavaScript.
      execArgv: [],
      workerData: input,
      // A bound on one report's memory, far above what 500 programs of 200 lines need (~100 MB).
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    this.running.add(worker);
    return new Promise<ComputedReport>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the similarity report took more than ${this.timeoutMs} ms`));
        void worker.terminate();
      }, this.timeoutMs);
      worker.once('message', (message: FromWorker) => {
        if ('report' in message) resolve(message.report);
        else reject(new Error(message.error));
      });
      worker.once('error', reject);
      // Settles nothing when a message came first (a promise settles once).
      worker.once('exit', (code) =>
        reject(new Error(`the similarity worker ended (code ${code}) without a report`)),
      );
      worker.once('exit', () => {
        clearTimeout(timer);
        this.running.delete(worker);
      });
    });
  }
}
