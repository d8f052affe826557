/**
 * Spec §5: "Name and email are lower-cased as typed". The field's own value becomes lower-case
 * while the student types, and the caret stays where it was (a plain controlled re-render would
 * throw it to the end whenever a capital is typed mid-word).
 */
import type { ChangeEvent } from 'react';

export function lowerCaseAsTyped(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const typed = input.value;
  const lower = typed.toLowerCase();
  if (lower !== typed) {
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = input.selectionStart;
      end = input.selectionEnd;
    } catch {
      // type="email" inputs have no selection API in some browsers.
    }
    input.value = lower;
    if (start !== null && end !== null && lower.length === typed.length) {
      try {
        input.setSelectionRange(start, end);
      } catch {
        // As above: nothing to restore.
      }
    }
  }
  return lower;
}
