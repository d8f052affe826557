/** How the proctor table shows times and counters: short, on the teacher's clock. */
import { proctorMessages as t, type ProctorStudent } from '../../../contract/proctor.ts';
import { formatRemaining } from '../../ui/server-clock.ts';
import { timeLeftMs } from './proctor-rows.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss on the teacher's clock; '—' for none. */
export function clockText(iso: string | null): string {
  if (iso === null) return t.none;
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** 42 s · 12 min 05 s · 1 h 02 min. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
}

export function timeLeftText(row: ProctorStudent, now: number): string {
  const left = timeLeftMs(row, now);
  return left === null ? t.none : formatRemaining(left);
}

export const STATE_LABELS = {
  all: t.filterAll,
  'not-started': t.stateNotStarted,
  working: t.stateWorking,
  offline: t.stateOffline,
  finished: t.stateFinished,
} as const;

export function problemText(row: ProctorStudent): string {
  const p = row.currentProblem;
  if (p === null) return t.none;
  return p.ordinal === null
    ? p.title
    : `${t.slot.replace('{ordinal}', String(p.ordinal))}: ${p.title}`;
}

/** The counters in two short lines: leaving the page, then pastes; null when not started. */
export function integrityLines(row: ProctorStudent): [string, string] | null {
  const s = row.signals;
  if (s === null) return null;
  return [
    t.integrityAway
      .replace('{tabChanges}', String(s.tabChanges))
      .replace('{away}', durationText(s.awayMs)),
    t.integrityPastes
      .replace('{pastes}', String(s.pastes))
      .replace('{blocked}', String(s.blockedPastes)),
  ];
}
