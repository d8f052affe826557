/**
 * A challenge's times as a save settles them (src/contract/challenge-times.ts): the contract
 * checks the two times a request gives; only the server knows a time left out (the stored one on
 * an update, the default on a new challenge) and TZ, in which a start in a skipped summer-time
 * hour moves forward and may pass an end that looked later on the wall clock.
 */
import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  type WindowTimes,
} from '../../contract/challenge-times.ts';
import { messages } from '../../contract/messages.ts';
import { challengeWindow } from '../compiler/time-window.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { findChallengeTimes } from './challenge-queries.ts';

type Given = { challengeId: string; startTime?: string | undefined; endTime?: string | undefined };
export type Times = { startTime: string; endTime: string };

/** A new challenge's times: the given ones, else the whole days. */
export function newChallengeTimes(given: Given): Times {
  return {
    startTime: given.startTime ?? DEFAULT_START_TIME,
    endTime: given.endTime ?? DEFAULT_END_TIME,
  };
}

/**
 * An update's times: the given ones, else the stored ones (read only then); undefined when no
 * challenge has that test code.
 */
export async function updatedChallengeTimes(db: Db, given: Given): Promise<Times | undefined> {
  if (given.startTime !== undefined && given.endTime !== undefined)
    return { startTime: given.startTime, endTime: given.endTime };
  const stored = await findChallengeTimes(db, given.challengeId);
  return (
    stored && {
      startTime: given.startTime ?? stored.startTime,
      endTime: given.endTime ?? stored.endTime,
    }
  );
}

/** The window must close after it opens, as instants in `timeZone` (400 otherwise). */
export function assertWindowCloses(window: WindowTimes, timeZone: string): void {
  const { opensAt, closesAt } = challengeWindow(window, timeZone);
  if (closesAt.getTime() <= opensAt.getTime())
    throw new HttpError(400, messages.endTimeBeforeStart);
}
