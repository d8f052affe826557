/**
 * When the student is away from the test (issue 17): the page is hidden (another tab, minimised)
 * or the window lost focus (another window or program). A pure state machine over the page's
 * presence, so the rules are tested without a browser: leaving gives one `left` event, coming
 * back one `returned` with the time away. A page that opens while already away records nothing
 * until the student is first present, since it cannot know when that absence began.
 */
import type { LeaveReason } from '../../../contract/signals.ts';

export type Presence = { visible: boolean; focused: boolean };
export type AbsenceEvent =
  { kind: 'left'; reason: LeaveReason } | { kind: 'returned'; awayMs: number };

export type AbsenceTracker = { update: (nowMs: number, presence: Presence) => AbsenceEvent[] };

export function createAbsenceTracker(): AbsenceTracker {
  let seenPresent = false;
  let awaySince: number | null = null;
  return {
    update(nowMs, { visible, focused }) {
      const present = visible && focused;
      if (present) {
        seenPresent = true;
        if (awaySince === null) return [];
        const awayMs = Math.max(0, Math.round(nowMs - awaySince));
        awaySince = null;
        return [{ kind: 'returned', awayMs }];
      }
      if (!seenPresent || awaySince !== null) return [];
      awaySince = nowMs;
      return [{ kind: 'left', reason: visible ? 'blur' : 'hidden' }];
    },
  };
}
