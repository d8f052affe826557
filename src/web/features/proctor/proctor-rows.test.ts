import { describe, expect, it } from 'vitest';
import type { ProctorStudent } from '../../../contract/proctor.ts';
import { filterRows, sortRows, timeLeftMs } from './proctor-rows.ts';

const now = Date.parse('2030-06-10T09:30:00Z');
const student = (over: Partial<ProctorStudent>): ProctorStudent => ({
  userId: over.name ?? 'x',
  name: 'x',
  email: 'x@college.test',
  state: 'working',
  attemptNumber: 1,
  startedAt: '2030-06-10T09:00:00.000Z',
  deadline: '2030-06-10T10:00:00.000Z',
  finishedAt: null,
  lastSeenAt: '2030-06-10T09:29:00.000Z',
  lastActivityAt: '2030-06-10T09:29:00.000Z',
  currentProblem: null,
  submissions: 0,
  signals: { tabChanges: 0, awayMs: 0, pastes: 0, blockedPastes: 0, reloads: 0 },
  ...over,
});
const idle = student({
  name: 'Idle',
  email: 'idle@college.test',
  state: 'not-started',
  attemptNumber: null,
  startedAt: null,
  deadline: null,
  lastSeenAt: null,
  lastActivityAt: null,
  signals: null,
});
const asha = student({ name: 'Asha', email: 'asha@college.test', submissions: 3 });
const bela = student({
  name: 'bela',
  email: 'b.roy@college.test',
  state: 'offline',
  deadline: '2030-06-10T09:45:00.000Z',
  submissions: 1,
  signals: { tabChanges: 4, awayMs: 1000, pastes: 1, blockedPastes: 0, reloads: 0 },
});
const chen = student({ name: 'Chen', state: 'finished', finishedAt: '2030-06-10T09:10:00.000Z' });
const rows = [asha, bela, chen, idle];
const names = (list: ProctorStudent[]) => list.map((r) => r.name);

describe('filterRows', () => {
  it('filters by state and by a text in the name or the email, case-blind', () => {
    expect(names(filterRows(rows, 'offline', ''))).toEqual(['bela']);
    expect(names(filterRows(rows, 'all', 'ROY'))).toEqual(['bela']);
    expect(names(filterRows(rows, 'all', ' asha '))).toEqual(['Asha']);
    expect(names(filterRows(rows, 'working', 'chen'))).toEqual([]);
    expect(filterRows(rows, 'all', '')).toHaveLength(4);
  });
});

describe('sortRows', () => {
  it('sorts every column both ways, with the empty values last', () => {
    const sorted = (column: Parameters<typeof sortRows>[1]['column'], dir: 'asc' | 'desc') =>
      names(sortRows(rows, { column, dir }, now));
    expect(sorted('student', 'asc')).toEqual(['Asha', 'bela', 'Chen', 'Idle']);
    expect(sorted('student', 'desc')).toEqual(['Idle', 'Chen', 'bela', 'Asha']);
    expect(sorted('timeLeft', 'asc')).toEqual(['Chen', 'bela', 'Asha', 'Idle']);
    expect(sorted('timeLeft', 'desc')).toEqual(['Asha', 'bela', 'Chen', 'Idle']);
    expect(sorted('submissions', 'desc')).toEqual(['Asha', 'bela', 'Chen', 'Idle']);
    expect(sorted('integrity', 'desc')).toEqual(['bela', 'Asha', 'Chen', 'Idle']);
    expect(sorted('state', 'asc')).toEqual(['Idle', 'Asha', 'bela', 'Chen']);
    expect(sorted('lastActivity', 'asc')).toEqual(['Asha', 'bela', 'Chen', 'Idle']);
  });

  it('sorts the current problem by slot, then title', () => {
    const one = student({
      name: 'One',
      currentProblem: { challengeId: 'B', title: 'b', ordinal: 2 },
    });
    const two = student({
      name: 'Two',
      currentProblem: { challengeId: 'A', title: 'z', ordinal: 1 },
    });
    expect(names(sortRows([one, idle, two], { column: 'problem', dir: 'asc' }, now))).toEqual([
      'Two',
      'One',
      'Idle',
    ]);
  });
});

describe('timeLeftMs', () => {
  it('counts down to the deadline; none once finished; null before the start', () => {
    expect(timeLeftMs(asha, now)).toBe(30 * 60_000);
    expect(timeLeftMs(chen, now)).toBe(0);
    expect(timeLeftMs(idle, now)).toBeNull();
    expect(timeLeftMs(asha, Date.parse('2030-06-10T11:00:00Z'))).toBe(0);
  });
});
