/**
 * Giving an accommodation (contract/accommodations.ts): in one transaction the student's
 * accommodation row and current attempt are locked, changed, and the log entry written, so the
 * log never says something the timer does not. The caller tells the student's timer long poll
 * afterwards (change-feed.ts), once the change is committed and readable.
 */
import {
  accommodationMessages,
  type AccommodationRequest,
} from '../../../contract/accommodations.ts';
import { effectiveDeadline } from '../../compiler/attempt-queries.ts';
import { wallClockInstant, type ChallengeWindow } from '../../compiler/time-window.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import {
  deadlineWithExtra,
  deadlineWithFactor,
  deadlineWithWindow,
  isRunning,
  reopenedDeadline,
  resetPending,
  type Accommodation,
} from './accommodation-time.ts';
import {
  appendLog,
  lockAccommodation,
  lockCurrentAttempt,
  writeAccommodation,
  writeAttemptTimes,
  type LockedAttempt,
  type LogWrite,
} from './accommodation-queries.ts';

/** What the arithmetic needs of the sitting: its duration, class window and stop. */
export type SittingFacts = {
  sittingId: string;
  durationMinutes: number;
  classWindow: ChallengeWindow;
  stoppedAt: Date | null;
};

/** The staff member as their token names them (guards.staff's claims). */
export type Giver = { id: string; email: string; name: string };

type Change = {
  accommodation: Accommodation;
  /** The attempt's new times, when it changes. */
  times?: { deadline: Date; finishedAt: Date | null };
  log: Pick<LogWrite, 'minutes' | 'factor' | 'windowStart' | 'windowEnd'>;
};

/** "YYYY-MM-DDTHH:MM" read in the portal's time zone. */
function instantOf(wallClock: string, timeZone: string): Date {
  const [date = '', time = ''] = wallClock.split('T');
  return wallClockInstant(date, time, timeZone);
}

function change(
  request: AccommodationRequest,
  before: Accommodation,
  attempt: LockedAttempt | undefined,
  sitting: SittingFacts,
  timeZone: string,
  now: Date,
): Change {
  const running = attempt !== undefined && isRunning(attempt, now);
  switch (request.action) {
    case 'extra_time': {
      const accommodation = { ...before, extraMinutes: before.extraMinutes + request.minutes };
      return {
        accommodation,
        ...(running && {
          times: {
            deadline: deadlineWithExtra(attempt.deadline, request.minutes),
            finishedAt: null,
          },
        }),
        log: { minutes: request.minutes },
      };
    }
    case 'factor': {
      const accommodation = { ...before, durationFactor: request.factor };
      const { durationMinutes } = sitting;
      return {
        accommodation,
        ...(running && {
          times: {
            deadline: deadlineWithFactor(
              attempt.deadline,
              durationMinutes,
              before.durationFactor,
              request.factor,
            ),
            finishedAt: null,
          },
        }),
        log: { factor: request.factor },
      };
    }
    case 'window': {
      const windowStart = instantOf(request.windowStart, timeZone);
      const windowEnd = instantOf(request.windowEnd, timeZone);
      // A summer-time change can make two wall-clock readings in order name instants out of it.
      if (windowEnd.getTime() <= windowStart.getTime())
        throw new HttpError(400, accommodationMessages.windowEndsBeforeStart);
      const accommodation = { ...before, windowStart, windowEnd };
      return {
        accommodation,
        ...(running && {
          times: {
            deadline: deadlineWithWindow(attempt, sitting.durationMinutes, accommodation),
            finishedAt: null,
          },
        }),
        log: { windowStart, windowEnd },
      };
    }
    case 'reopen': {
      if (!attempt) throw new HttpError(400, accommodationMessages.reopenNeverStarted);
      if (running) throw new HttpError(400, accommodationMessages.reopenNotOver);
      // The stop would still end it at once: reopening one student cannot lift everyone's stop.
      if (sitting.stoppedAt) throw new HttpError(409, accommodationMessages.reopenStopped);
      return {
        // Reopened, the attempt is theirs again: a reset waiting for their next open is undone.
        accommodation: { ...before, resetNumber: null },
        times: {
          deadline: reopenedDeadline(attempt.deadline, now, request.minutes),
          finishedAt: null,
        },
        log: { minutes: request.minutes },
      };
    }
    case 'reset': {
      if (!attempt) throw new HttpError(400, accommodationMessages.resetNeverStarted);
      if (resetPending(attempt.number, before))
        throw new HttpError(400, accommodationMessages.resetAlreadyPending);
      // The attempt ends now (or stays ended); the next open begins number + 1.
      const finishedAt =
        attempt.finishedAt ?? new Date(Math.min(now.getTime(), attempt.deadline.getTime()));
      return {
        accommodation: { ...before, resetNumber: attempt.number },
        times: { deadline: attempt.deadline, finishedAt },
        log: {},
      };
    }
  }
}

export async function giveAccommodation(
  db: Db,
  options: {
    sitting: SittingFacts;
    userId: string;
    request: AccommodationRequest;
    giver: Giver;
    timeZone: string;
    now: Date;
  },
): Promise<void> {
  const { sitting, userId, request, giver, timeZone, now } = options;
  await db.transaction(async (tx) => {
    const before = await lockAccommodation(tx, sitting.sittingId, userId);
    const attempt = await lockCurrentAttempt(tx, sitting.sittingId, userId);
    const { accommodation, times, log } = change(request, before, attempt, sitting, timeZone, now);
    await writeAccommodation(tx, sitting.sittingId, userId, accommodation, now);
    if (attempt && times) await writeAttemptTimes(tx, attempt.id, times);
    await appendLog(tx, {
      sittingId: sitting.sittingId,
      userId,
      sittingAttemptId: attempt?.id ?? null,
      kind: request.action,
      ...log,
      deadlineBefore: attempt ? effectiveDeadline(attempt) : null,
      deadlineAfter: attempt ? effectiveDeadline({ ...attempt, ...times }) : null,
      givenById: giver.id,
      givenByEmail: giver.email,
      givenByName: giver.name,
      givenAt: now,
      reason: request.reason,
    });
  });
}
