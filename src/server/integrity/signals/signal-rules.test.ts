import { describe, expect, it } from 'vitest';
import type { SignalEvent } from '../../../contract/signals.ts';
import { countersOf, isRecorded } from './signal-rules.ts';

const at = '2026-11-25T10:00:00.000Z';
const left: SignalEvent = { eventId: crypto.randomUUID(), at, kind: 'left', reason: 'hidden' };
const back: SignalEvent = { eventId: crypto.randomUUID(), at, kind: 'returned', awayMs: 4200 };
const paste = (blocked: boolean): SignalEvent => ({
  eventId: crypto.randomUUID(),
  at,
  kind: 'paste',
  chars: 12,
  blocked,
});
const reload: SignalEvent = { eventId: crypto.randomUUID(), at, kind: 'reload' };

describe('isRecorded', () => {
  it('records everything when the teacher captures tab changes', () => {
    const settings = { captureTabChanges: true, disablePaste: false };
    for (const e of [left, back, paste(false), reload]) expect(isRecorded(e, settings)).toBe(true);
  });

  it('records only blocked pastes when paste is disabled but capture is off', () => {
    const settings = { captureTabChanges: false, disablePaste: true };
    expect(isRecorded(paste(true), settings)).toBe(true);
    expect(isRecorded(paste(false), settings)).toBe(false);
    expect(isRecorded(left, settings)).toBe(false);
    expect(isRecorded(reload, settings)).toBe(false);
  });

  it('records nothing with both settings off', () => {
    const settings = { captureTabChanges: false, disablePaste: false };
    for (const e of [left, back, paste(true), reload]) expect(isRecorded(e, settings)).toBe(false);
  });
});

describe('countersOf', () => {
  it('counts leaves, sums time away, pastes and blocked pastes apart, reloads', () => {
    expect(countersOf([left, back, left, back, paste(false), paste(true), reload])).toEqual({
      tabChanges: 2,
      awayMs: 8400,
      pastes: 1,
      blockedPastes: 1,
      reloads: 1,
    });
  });

  it('counts one blocked paste as one event: Pastes 0, Blocked pastes 1 (issue 30)', () => {
    expect(countersOf([paste(true)])).toMatchObject({ pastes: 0, blockedPastes: 1 });
  });
});
