/**
 * A bounded work queue in front of the judge: at most `concurrency` submissions run at once and at
 * most `limit` wait; beyond that QueueFullError (a 503 with Retry-After for the routes) instead of
 * memory that grows with every request. Nothing accepted is ever dropped.
 */
export class QueueFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly waiting: number,
  ) {
    super(`The judge queue is full (${waiting} waiting); retry in ${retryAfterSeconds} s`);
    this.name = 'QueueFullError';
  }
}

interface Job {
  run: () => Promise<void>;
}

export class BoundedQueue {
  private readonly waiting: Job[] = [];
  private running = 0;
  /** Recent job durations, for a Retry-After that follows the real pace. */
  private avgMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly limit: number,
  ) {
    if (concurrency < 1) throw new Error('concurrency must be ≥ 1');
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a worker is free; rejects at once with QueueFullError when the queue is full. */
  push<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency && this.waiting.length >= this.limit) {
      const seconds = Math.max(
        1,
        Math.ceil(((this.waiting.length / this.concurrency) * this.avgMs) / 1000),
      );
      return Promise.reject(new QueueFullError(seconds, this.waiting.length));
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        run: async () => {
          const started = performance.now();
          try {
            resolve(await task());
          } catch (err) {
            reject(err as Error);
          } finally {
            this.avgMs = this.avgMs * 0.8 + (performance.now() - started) * 0.2;
          }
        },
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const job = this.waiting.shift();
      if (!job) return;
      this.running += 1;
      void job.run().finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }
}
