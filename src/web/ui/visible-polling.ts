/**
 * The loop under the dashboard's polling hooks: calls `tick` at once, then every `intervalMs`,
 * one call at a time. It pauses while the tab is hidden and catches up as soon as it is shown
 * again. `tick` handles its own failures and returns false to stop the loop (a re-judge that
 * finished). The returned function stops it and aborts the call in flight.
 */
export function startVisiblePolling(
  tick: (signal: AbortSignal) => Promise<boolean | undefined>,
  intervalMs: number,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;

  async function poll() {
    clearTimeout(timer);
    if (inFlight || stopped || controller.signal.aborted) return;
    inFlight = true;
    try {
      if ((await tick(controller.signal)) === false) stopped = true;
    } finally {
      inFlight = false;
    }
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    if (stopped || controller.signal.aborted || document.visibilityState === 'hidden') return;
    timer = setTimeout(() => void poll(), intervalMs);
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') void poll();
    else clearTimeout(timer);
  }

  document.addEventListener('visibilitychange', onVisibility);
  void poll();
  return () => {
    controller.abort();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
