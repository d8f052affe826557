/**
 * Calls `load` at once and then every `intervalMs` while `active`, for the dashboard's small
 * status readers (the judge queue, a re-judge's progress). It pauses while the tab is hidden and
 * catches up as soon as it is shown again; `key` restarts it (another token, challenge or
 * re-judge), and `keepGoing` returning false on an answer stops it (a re-judge that finished).
 * A failed call toasts once, not on every tick while the network stays down, and polling goes on.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { showFailure } from './show-failure.ts';
import { startVisiblePolling } from './visible-polling.ts';

export type PollingOptions<T> = {
  key: string;
  active: boolean;
  intervalMs: number;
  load: (signal: AbortSignal) => Promise<T>;
  keepGoing?: (value: T) => boolean;
};

/** The last answer for this `key`, or null until the first one arrives. */
export function usePolling<T>({
  key,
  active,
  intervalMs,
  load,
  keepGoing,
}: PollingOptions<T>): T | null {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  // The latest callbacks without restarting the loop on every render.
  const call = useEffectEvent((signal: AbortSignal) => load(signal));
  const goOn = useEffectEvent((value: T) => keepGoing?.(value) ?? true);

  useEffect(() => {
    if (!active) return;
    let failing = false;
    return startVisiblePolling(async (signal) => {
      try {
        const value = await call(signal);
        if (signal.aborted) return;
        setAnswer({ key, value });
        failing = false;
        return goOn(value);
      } catch (error) {
        if (signal.aborted) return;
        if (!failing) showFailure(error);
        failing = true;
      }
    }, intervalMs);
  }, [key, active, intervalMs]);

  return answer?.key === key ? answer.value : null;
}
