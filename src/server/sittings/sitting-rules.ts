/**
 * What a sitting's lifecycle means to a student (contract/sittings.ts), as pure functions of the
 * sitting and the clock: a draft does not exist for them, a stop is every attempt's deadline and
 * lets nobody begin.
 */
import { messages } from '../../contract/messages.ts';
import { sittingMessages } from '../../contract/sittings.ts';
import { HttpError } from '../http-error.ts';

type SittingRules = { lifecycle: 'draft' | 'published'; stoppedAt: Date | null };

/** A draft answers as a test code that names nothing. */
export function assertVisibleToStudents(sitting: SittingRules): void {
  if (sitting.lifecycle === 'draft') throw new HttpError(404, messages.challengeNotFound);
}

/** A student who has not begun may not begin a stopped sitting. */
export function assertMayBegin(sitting: SittingRules): void {
  if (sitting.stoppedAt) throw new HttpError(403, sittingMessages.testStopped);
}

/** The attempt's timer with the stop applied: the earlier of its deadline and the stop. */
export function withStop<T extends { deadline: Date }>(
  attempt: T,
  stoppedAt: Date | null | undefined,
): T {
  if (!stoppedAt || stoppedAt.getTime() >= attempt.deadline.getTime()) return attempt;
  return { ...attempt, deadline: stoppedAt };
}
