/**
 * The page's presence as the student sees it, read from the browser. The compiler page usually
 * runs inside the test screen's frame: a click on the portal's own header moves focus out of the
 * frame without the student leaving the test, so focus anywhere in the portal's top window (same
 * origin, readable) counts as present. An external page embedding this one cannot be read: then
 * only this frame's focus counts.
 */
import type { Presence } from './absence-tracker.ts';

function topWindow(): Window | undefined {
  try {
    // Reading `document` of a cross-origin top throws.
    return window.top && window.top !== window && window.top.document ? window.top : undefined;
  } catch {
    return undefined;
  }
}

export function currentPresence(): Presence {
  const top = topWindow();
  let focused = document.hasFocus();
  try {
    focused ||= top?.document.hasFocus() ?? false;
  } catch {
    // Cross-origin after all: this frame's focus alone.
  }
  return { visible: document.visibilityState === 'visible', focused };
}

/** Calls `changed` after any event that may change the presence; returns the unsubscribe. */
export function watchPresence(changed: () => void): () => void {
  const targets: (Window | Document)[] = [window, document];
  const top = topWindow();
  if (top) targets.push(top);
  const names = ['focus', 'blur', 'visibilitychange', 'pagehide', 'pageshow'];
  for (const target of targets) for (const name of names) target.addEventListener(name, changed);
  return () => {
    for (const target of targets)
      for (const name of names) target.removeEventListener(name, changed);
  };
}

/**
 * Whether this page is one of an exam's problems the student is not looking at: the exam screen
 * keeps the page of every problem opened, in frames it hides while another is shown. Read through
 * the frame element, which a same-origin parent exposes (null at the top or cross-origin).
 */
export function inHiddenFrame(): boolean {
  try {
    return window.frameElement?.closest('[hidden]') != null;
  } catch {
    return false;
  }
}
