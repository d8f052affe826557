/**
 * A call that the server answers 503 with Retry-After (issue 38: more sign-ins at once than the
 * cores can check in time; the server refuses the later ones at once and says when to come back)
 * is sent again once by itself after those seconds, counting them down on the page, so a student
 * never presses again for a burst the portal can absorb. Used by the four pages whose calls are
 * behind the sign-in gate: Login, Sign Up, account activation and the password reset.
 *
 * The request is the one built when the student pressed the button, so what they typed is sent
 * as typed; the fields keep it too. A second refusal, or a wait too long to hold the page for, is
 * shown as any failure is (the error toast with the server's message).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Longer waits are left to the student (the toast says when to try again). */
export const MAX_AUTO_RETRY_SECONDS = 60;

export type BusyCountdown = {
  /** Retry-After as the server sent it: the live region announces it once. */
  seconds: number;
  /** Seconds left before the retry, counted down every second. */
  left: number;
};

/**
 * The seconds a failure asks to wait before the same call may succeed: a 503 with Retry-After.
 * Read off the error's fields, not `instanceof ApiError`: the Login form's call and api-client
 * load on the first submit, and this file is on the first screen.
 */
export function busyRetryAfter(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, retryAfterSeconds } = error as { status?: unknown; retryAfterSeconds?: unknown };
  if (status !== 503 || typeof retryAfterSeconds !== 'number') return undefined;
  return Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
    ? Math.ceil(retryAfterSeconds)
    : undefined;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function useBusyRetry() {
  const [countdown, setCountdown] = useState<BusyCountdown | undefined>();
  // Aborted when the page goes: no retry is sent for a form nobody sees any more.
  const gone = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    gone.current = controller;
    return () => controller.abort();
  }, []);

  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const seconds = busyRetryAfter(error);
      const signal = gone.current.signal;
      if (seconds === undefined || seconds > MAX_AUTO_RETRY_SECONDS) throw error;
      for (let left = seconds; left > 0 && !signal.aborted; left--) {
        setCountdown({ seconds, left });
        await sleep(1000, signal);
      }
      setCountdown(undefined);
      if (signal.aborted) throw error;
      return call();
    }
  }, []);

  return { countdown, run };
}
