/**
 * Text typed into a prerendered field before the app hydrated it (a quick student on a slow lab
 * machine) is in the input but not in the form's state: React keeps the element's value when it
 * hydrates, and the state starts empty. Replayed once after mount as an input event, it reaches
 * the form's onChange as if typed then (lower-casing included), so a submit sends what is shown.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Makes React see the element's current text as typed over `stateValue`. */
function replayAsTyped(element: HTMLInputElement, stateValue: string): void {
  const typed = element.value;
  const nativeValueSetter = Object.getOwnPropertyDescriptor(
    HTMLInputElement.prototype,
    'value',
  )?.set;
  if (typed === stateValue || !nativeValueSetter) return;
  // React notices a change by comparing the element's value with the last one it saw, which it
  // records through the element's own setter: set the state's value that way, then the typed
  // text through the prototype's setter, which React does not see, and dispatch the event.
  element.value = stateValue;
  nativeValueSetter.call(element, typed);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useReplayTypedValue(
  input: RefObject<HTMLInputElement | null>,
  value: string,
): void {
  const initialValue = useRef(value);
  useEffect(() => {
    if (input.current) replayAsTyped(input.current, initialValue.current);
  }, [input]);
}
