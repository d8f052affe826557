/**
 * Runs a callback once the page has loaded and the main thread is idle: for code the first screen
 * does not need (the toaster, say), so that it neither delays that screen nor competes with its
 * downloads. Returns a function that cancels it.
 */
export function afterLoadIdle(callback: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      // The timeout bounds the wait on a page that is never idle.
      idleId = window.requestIdleCallback(callback, { timeout: 2_000 });
    } else {
      idleId = window.setTimeout(callback, 200);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleId === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
    else window.clearTimeout(idleId);
  };
}
