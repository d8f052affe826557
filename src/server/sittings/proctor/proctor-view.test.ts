import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_SECONDS } from '../../../contract/proctor.ts';
import type { ProctorRow } from './proctor-queries.ts';
import { buildProctorView, proctorStateOf, versionOf } from './proctor-view.ts';

const now = new Date('2030-06-10T09:30:00Z');
const open = {
  startedAt: '2030-06-10T09:00:00.000Z',
  deadline: '2030-06-10T10:00:00.000Z',
  finishedAt: null,
  lastSeenAt: '2030-06-10T09:29:50.000Z',
};
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe('proctorStateOf', () => {
  it('is not started without an attempt', () => {
    const none = { startedAt: null, deadline: null, finishedAt: null, lastSeenAt: null };
    expect(proctorStateOf(none, null, now)).toEqual({ state: 'not-started', deadline: null });
  });

  it('is working while seen recently, offline once not seen for the threshold', () => {
    expect(proctorStateOf(open, null, now).state).toBe('working');
    const edge = { ...open, lastSeenAt: secondsAgo(OFFLINE_AFTER_SECONDS) };
    expect(proctorStateOf(edge, null, now).state).toBe('working');
    const gone = { ...open, lastSeenAt: secondsAgo(OFFLINE_AFTER_SECONDS + 1) };
    expect(proctorStateOf(gone, null, now).state).toBe('offline');
  });

  it('counts the start as seen until the page first polls', () => {
    const fresh = { ...open, startedAt: secondsAgo(10), lastSeenAt: null };
    expect(proctorStateOf(fresh, null, now).state).toBe('working');
    expect(proctorStateOf({ ...open, lastSeenAt: null }, null, now).state).toBe('offline');
  });

  it('is finished after the deadline, after finishing early, and after a stop', () => {
    const late = new Date('2030-06-10T10:00:00Z');
    expect(proctorStateOf(open, null, late)).toEqual({ state: 'finished', deadline: late });
    const done = { ...open, finishedAt: '2030-06-10T09:20:00.000Z' };
    expect(proctorStateOf(done, null, now)).toEqual({
      state: 'finished',
      deadline: new Date('2030-06-10T09:20:00Z'),
    });
    const stop = new Date('2030-06-10T09:25:00Z');
    expect(proctorStateOf(open, stop, now)).toEqual({ state: 'finished', deadline: stop });
    // A stop after the deadline changes nothing.
    const later = new Date('2030-06-10T11:00:00Z');
    expect(proctorStateOf(open, later, now)).toEqual({
      state: 'working',
      deadline: new Date(open.deadline),
    });
  });
});

const row = (over: Partial<ProctorRow>): ProctorRow => ({
  userId: 'u1',
  name: 'Asha',
  email: 'asha@college.test',
  attemptNumber: 1,
  ...open,
  lastSubmissionAt: null,
  lastSignalAt: null,
  currentChallengeId: 'SUM',
  currentTitle: 'Sum of two',
  currentOrdinal: null,
  submissions: 0,
  tabChanges: 0,
  awayMs: '0',
  pastes: 0,
  blockedPastes: 0,
  reloads: 0,
  ...over,
});

const sitting = {
  kind: 'challenge' as const,
  code: 'SUM',
  title: 'Sum of two',
  lifecycle: 'published' as const,
  stoppedAt: null,
};

describe('buildProctorView', () => {
  it('counts the states and takes the latest activity', () => {
    const view = buildProctorView(
      [
        row({ lastSubmissionAt: '2030-06-10T09:29:55.000Z', awayMs: '1500' }),
        row({ userId: 'u2', lastSeenAt: secondsAgo(100) }),
        row({
          userId: 'u3',
          attemptNumber: null,
          startedAt: null,
          deadline: null,
          lastSeenAt: null,
        }),
      ],
      sitting,
      now,
    );
    expect(view.counts).toEqual({ notStarted: 1, working: 1, offline: 1, finished: 0 });
    expect(view.students[0]).toMatchObject({
      lastActivityAt: '2030-06-10T09:29:55.000Z',
      signals: { awayMs: 1500 },
      currentProblem: { challengeId: 'SUM', title: 'Sum of two', ordinal: null },
    });
    expect(view.students[2]).toMatchObject({ signals: null, lastActivityAt: null });
    expect(view.unansweredQuestions).toBeNull();
  });

  it('keeps its version while only presence times move, and changes it with a submission', () => {
    const first = buildProctorView([row({})], sitting, now);
    const seenAgain = buildProctorView([row({ lastSeenAt: secondsAgo(1) })], sitting, now);
    expect(seenAgain.version).toBe(first.version);
    const submitted = buildProctorView([row({ submissions: 1 })], sitting, now);
    expect(submitted.version).not.toBe(first.version);
    const { version: _v, generatedAt: _g, ...body } = first;
    expect(versionOf(body)).toBe(first.version);
  });
});
