/**
 * Work done after the answer has gone out (the reset mail), so the answer's timing says nothing
 * about it. Closing stops retries, refuses new jobs and waits for those under way, so no job
 * outlives the database it uses.
 */
import type { FastifyBaseLogger } from 'fastify';

export type JobRunner = {
  run(job: (signal: AbortSignal) => Promise<void>): void;
  close(): Promise<void>;
};

export function createJobRunner(log: Pick<FastifyBaseLogger, 'warn' | 'error'>): JobRunner {
  const pending = new Set<Promise<void>>();
  const closing = new AbortController();
  return {
    run(job) {
      if (closing.signal.aborted) {
        log.warn('the server is closing; background job dropped');
        return;
      }
      const done: Promise<void> = job(closing.signal)
        .catch((error: unknown) => log.error({ err: error }, 'background job failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...pending]);
    },
  };
}
