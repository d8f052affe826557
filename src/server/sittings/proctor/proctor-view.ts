/**
 * The proctor view built from its rows (proctor-queries.ts) and the clock: each student's state
 * (contract/proctor.ts), their deadline as they live it (a stop and finishing early applied, as
 * every timer here: sitting-rules.ts withStop, attempt-queries.ts effectiveDeadline), the counts,
 * and a version that changes with anything the page shows except presence times alone.
 */
import crypto from 'node:crypto';
import {
  OFFLINE_AFTER_SECONDS,
  type ProctorCounts,
  type ProctorState,
  type ProctorStudent,
  type ProctorView,
} from '../../../contract/proctor.ts';
import { effectiveDeadline } from '../../compiler/attempt-queries.ts';
import { withStop } from '../sitting-rules.ts';
import type { ProctorRow } from './proctor-queries.ts';

type Times = Pick<ProctorRow, 'startedAt' | 'deadline' | 'finishedAt' | 'lastSeenAt'>;

/** The state and the deadline the student lives, from their current attempt's times. */
export function proctorStateOf(
  row: Times,
  stoppedAt: Date | null,
  now: Date,
): { state: ProctorState; deadline: Date | null } {
  if (row.startedAt === null || row.deadline === null)
    return { state: 'not-started', deadline: null };
  const finishedAt = row.finishedAt === null ? null : new Date(row.finishedAt);
  const deadline = effectiveDeadline(
    withStop(
      { deadline: new Date(row.deadline), startedAt: new Date(row.startedAt), finishedAt },
      stoppedAt,
    ),
  );
  if (finishedAt !== null || deadline.getTime() <= now.getTime())
    return { state: 'finished', deadline };
  // A page that never held its timer poll yet was there when it began the attempt.
  const seen = Date.parse(row.lastSeenAt ?? row.startedAt);
  const offline = now.getTime() - seen > OFFLINE_AFTER_SECONDS * 1000;
  return { state: offline ? 'offline' : 'working', deadline };
}

const latest = (...times: (string | null)[]): string | null =>
  times.reduce<string | null>(
    (best, t) => (t !== null && (best === null || Date.parse(t) > Date.parse(best)) ? t : best),
    null,
  );

export function toStudent(row: ProctorRow, stoppedAt: Date | null, now: Date): ProctorStudent {
  const { state, deadline } = proctorStateOf(row, stoppedAt, now);
  const started = row.attemptNumber !== null;
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    state,
    attemptNumber: row.attemptNumber,
    startedAt: row.startedAt,
    deadline: deadline?.toISOString() ?? null,
    finishedAt: row.finishedAt,
    lastSeenAt: row.lastSeenAt,
    lastActivityAt: started
      ? latest(row.lastSeenAt, row.startedAt, row.lastSubmissionAt, row.lastSignalAt)
      : null,
    currentProblem:
      row.currentChallengeId === null
        ? null
        : {
            challengeId: row.currentChallengeId,
            title: row.currentTitle ?? row.currentChallengeId,
            ordinal: row.currentOrdinal,
          },
    submissions: row.submissions,
    signals: started
      ? {
          tabChanges: row.tabChanges ?? 0,
          awayMs: Number(row.awayMs ?? 0),
          pastes: row.pastes ?? 0,
          blockedPastes: row.blockedPastes ?? 0,
          reloads: row.reloads ?? 0,
        }
      : null,
  };
}

export function countStates(students: readonly { state: ProctorState }[]): ProctorCounts {
  const counts: ProctorCounts = { notStarted: 0, working: 0, offline: 0, finished: 0 };
  for (const s of students) {
    if (s.state === 'not-started') counts.notStarted += 1;
    else counts[s.state] += 1;
  }
  return counts;
}

/**
 * The version: a hash of the view without its presence times. Those move for every present
 * student every few seconds; in the version they would answer every held poll at once and turn
 * the page's long poll into a busy loop. A change of state (working to offline) still counts.
 */
export function versionOf(view: Omit<ProctorView, 'version' | 'generatedAt'>): string {
  const stable = {
    ...view,
    students: view.students.map(
      ({ lastSeenAt: _seen, lastActivityAt: _activity, ...rest }) => rest,
    ),
  };
  return crypto.createHash('sha1').update(JSON.stringify(stable)).digest('base64url');
}

export function buildProctorView(
  rows: readonly ProctorRow[],
  sitting: ProctorView['sitting'],
  now: Date,
  unansweredQuestions: number | null = null,
): ProctorView {
  const stoppedAt = sitting.stoppedAt === null ? null : new Date(sitting.stoppedAt);
  const students = rows.map((row) => toStudent(row, stoppedAt, now));
  const body = { sitting, students, counts: countStates(students), unansweredQuestions };
  return { generatedAt: now.toISOString(), version: versionOf(body), ...body };
}
