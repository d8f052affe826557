/**
 * Tells the test screen around this page what happened (src/contract/compiler-events.ts). Posted
 * only to a parent on this page's own origin: the built-in test screen.
 */
import { COMPILER_EVENT_SOURCE, type CompilerEvent } from '../../../contract/compiler-events.ts';

type EventBody = CompilerEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'source'>
    : never
  : never;

export function postToParent(event: EventBody): void {
  if (window.parent === window) return;
  window.parent.postMessage({ source: COMPILER_EVENT_SOURCE, ...event }, window.location.origin);
}
