import { describe, expect, it, vi } from 'vitest';
import { createJobRunner } from './after-response-jobs.ts';

const fakeLog = () => ({ warn: vi.fn(), error: vi.fn() });

describe('createJobRunner', () => {
  it('runs jobs in the background and logs a failure instead of throwing', async () => {
    const log = fakeLog();
    const jobs = createJobRunner(log);
    const ran = vi.fn();
    jobs.run(async () => ran());
    jobs.run(async () => {
      throw new Error('boom');
    });
    await jobs.close();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('close aborts the signal, waits for jobs under way and refuses new ones', async () => {
    const log = fakeLog();
    const jobs = createJobRunner(log);
    let finished = false;
    jobs.run(
      (signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            setTimeout(() => {
              finished = true;
              resolve();
            }, 20);
          });
        }),
    );
    await jobs.close();
    expect(finished).toBe(true);
    const late = vi.fn(async () => undefined);
    jobs.run(late);
    expect(late).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
