/**
 * Runs a task again after a failure, waiting longer each time (firstDelayMs, then double). An
 * aborted signal (the server is closing) ends the waiting and gives up with the last error.
 */
export type RetryPolicy = { attempts: number; firstDelayMs: number };

export type RetryHooks = {
  signal?: AbortSignal;
  /** Called after every failed attempt; `willRetry` says whether another one follows. */
  onFailure?: (error: unknown, attempt: number, willRetry: boolean) => void;
};

/** Resolves after `ms`, or rejects at once when the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      const willRetry = attempt < policy.attempts && !hooks.signal?.aborted;
      hooks.onFailure?.(error, attempt, willRetry);
      if (!willRetry) throw error;
      try {
        await sleep(policy.firstDelayMs * 2 ** (attempt - 1), hooks.signal);
      } catch {
        throw error; // Aborted while waiting: give up with the send's own error.
      }
    }
  }
}
