/**
 * A student's deadline followed live (issue 32): the page starts from the deadline it was given
 * and keeps one long poll open (the server's timer calls, contract/sittings.ts), so a stop, a
 * reopen or extra time shows at once, without a reload. Offline or refused, it tries again a
 * little later: the deadline it has stays the page's best knowledge, and the server enforces the
 * real one on every call anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { MAX_TIMER_WAIT_SECONDS, type SittingTimer } from '../../contract/sittings.ts';

/** The page's wait on each poll, under the server's bound. */
export const TIMER_WAIT_SECONDS = MAX_TIMER_WAIT_SECONDS - 5;
const RETRY_MS = 5_000;

/** One long poll: the timer once it differs from `known`, or after the wait. */
export type FollowDeadline = (known: string, signal: AbortSignal) => Promise<SittingTimer>;

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(id);
      resolve();
    });
  });
}

/**
 * The deadline to show: `initial` until the server says otherwise. `follow` must be stable
 * (useCallback); `enabled` false follows nothing (a page that shows no timer of its own).
 * `onTimer` hears every timer that changed the deadline, with its `finishedAt` (the exam screen
 * learns so that a finished attempt was reopened, or a running one reset).
 */
export function useLiveDeadline(
  initial: string,
  follow: FollowDeadline,
  enabled = true,
  onTimer?: (timer: SittingTimer) => void,
): string {
  const [live, setLive] = useState({ initial, deadline: initial });
  // The latest listener, without following anew each time the page renders.
  const heard = useRef(onTimer);
  useEffect(() => {
    heard.current = onTimer;
  });
  // A new deadline from the page itself (the statement read again) starts over from it.
  const deadline = live.initial === initial ? live.deadline : initial;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let known = initial;
      while (!signal.aborted) {
        try {
          const timer = await follow(known, signal);
          if (!sameInstant(timer.deadline, known)) {
            known = timer.deadline;
            setLive({ initial, deadline: timer.deadline });
            heard.current?.(timer);
          }
        } catch {
          await pause(RETRY_MS, signal);
        }
      }
    })();
    return () => controller.abort();
  }, [initial, follow, enabled]);

  return deadline;
}
