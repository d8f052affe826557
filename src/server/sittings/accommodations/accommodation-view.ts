/**
 * What staff see of one student at a sitting (contract/accommodations.ts accommodationResponse):
 * the accommodation, the current attempt's timer as the student lives it (the stop applied, as
 * their timer call answers it) and its state, and the log.
 */
import { eq } from 'drizzle-orm';
import type { AccommodationResponse, AttemptState } from '../../../contract/accommodations.ts';
import { accommodationMessages } from '../../../contract/accommodations.ts';
import { effectiveDeadline } from '../../compiler/attempt-queries.ts';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { findSittingAttempt, type SittingAttempt } from '../sitting-queries.ts';
import { withStop } from '../sitting-rules.ts';
import { resetPending, type Accommodation } from './accommodation-time.ts';
import { findAccommodation, readLog } from './accommodation-queries.ts';
import type { SittingFacts } from './give-accommodation.ts';

/** The student, or 404: staff name students by id (a results row's). */
export async function findStudent(db: Db, userId: string) {
  const [row] = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(404, accommodationMessages.studentNotFound);
  return row;
}

export function attemptState(
  attempt: SittingAttempt | undefined,
  accommodation: Accommodation,
  stoppedAt: Date | null,
  now: Date,
): AttemptState {
  if (!attempt) return 'not-started';
  if (resetPending(attempt.number, accommodation)) return 'reset';
  if (attempt.finishedAt) return 'finished';
  return withStop(attempt, stoppedAt).deadline.getTime() <= now.getTime() ? 'over' : 'working';
}

export async function readAccommodationView(
  db: Db,
  sitting: SittingFacts,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<AccommodationResponse> {
  const student = await findStudent(db, userId);
  const [accommodation, attempt, log] = await Promise.all([
    findAccommodation(db, sitting.sittingId, userId),
    findSittingAttempt(db, sitting.sittingId, userId),
    readLog(db, sitting.sittingId, userId),
  ]);
  const lived = attempt && withStop(attempt, sitting.stoppedAt);
  return {
    student,
    timeZone,
    accommodation: {
      extraMinutes: accommodation.extraMinutes,
      durationFactor: accommodation.durationFactor,
      windowStart: accommodation.windowStart?.toISOString() ?? null,
      windowEnd: accommodation.windowEnd?.toISOString() ?? null,
    },
    attempt: lived
      ? {
          number: lived.number,
          startedAt: lived.startedAt.toISOString(),
          deadline: effectiveDeadline(lived).toISOString(),
          finishedAt: lived.finishedAt?.toISOString() ?? null,
        }
      : null,
    state: attemptState(attempt, accommodation, sitting.stoppedAt, now),
    serverNow: now.toISOString(),
    log,
  };
}
