/**
 * Which exam events an attempt records, and what they add to its counters: pure rules, kept
 * apart from SQL so they are tested alone. The page asks the same questions before sending, but
 * the server decides: a teacher may turn a setting off during the test, and events queued offline
 * before that then arrive under the new setting.
 */
import type { SignalCounters, SignalEvent } from '../../../contract/signals.ts';

export type SignalSettings = { captureTabChanges: boolean; disablePaste: boolean };

/**
 * captureTabChanges records everything. Without it, a paste that disablePaste blocked is still
 * recorded: the student was told so, and it is the one event that shows an attempt to break a
 * rule the teacher set. Nothing else is kept unasked.
 */
export function isRecorded(event: SignalEvent, settings: SignalSettings): boolean {
  if (settings.captureTabChanges) return true;
  return settings.disablePaste && event.kind === 'paste' && event.blocked;
}

export const NO_COUNTERS: SignalCounters = {
  tabChanges: 0,
  awayMs: 0,
  pastes: 0,
  blockedPastes: 0,
  reloads: 0,
};

/**
 * What these (newly stored) events add to the teacher's counters. A blocked paste is one event:
 * it counts in blockedPastes only, never also in pastes (a teacher read one blocked paste as
 * "Pastes 1, Blocked pastes 1", issue 30).
 */
export function countersOf(events: readonly SignalEvent[]): SignalCounters {
  const sum = { ...NO_COUNTERS };
  for (const event of events) {
    switch (event.kind) {
      case 'left':
        sum.tabChanges += 1;
        break;
      case 'returned':
        sum.awayMs += event.awayMs;
        break;
      case 'paste':
        if (event.blocked) sum.blockedPastes += 1;
        else sum.pastes += 1;
        break;
      case 'reload':
        sum.reloads += 1;
        break;
    }
  }
  return sum;
}

/**
 * The teacher's "Pastes" read from an attempt row aliased `a`. The column `attempts.pastes` has
 * counted every outside paste, blocked ones included, since issue 17, and installations hold rows
 * so written: it keeps that meaning (signal-store.ts adds both kinds) and readers subtract the
 * blocked ones, so old and new rows read right without rewriting any row.
 */
export const ALLOWED_PASTES_SQL = 'greatest(a.pastes - a.blocked_pastes, 0)';
