/**
 * An exam's window (contract/exams.ts): the same rule as a challenge's (time-window.ts), from
 * (startDate, startTime) to the end of the minute (endDate, endTime), wall-clock values read in TZ.
 */
import { challengeWindow, type ChallengeWindow } from '../compiler/time-window.ts';

export type ExamTimes = { startDate: string; startTime: string; endDate: string; endTime: string };

export function examWindow(exam: ExamTimes, timeZone: string): ChallengeWindow {
  return challengeWindow(exam, timeZone);
}
