/**
 * A problem opened under an exam (contract/exams.ts): the exam's sitting, the student's current
 * attempt at it (begun on the exam's own screen, which also drew their problems), and the
 * problem must be one drawn for them, never another slot's pool problem nor another student's.
 * Then the standing is (that sitting attempt, the challenge) and the timer is the exam's.
 */
import type { Challenge } from '../../contract/challenges.ts';
import { examMessages } from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { isDrawn } from '../exams/draw-queries.ts';
import { examForStudent } from '../exams/student-exam.ts';
import { HttpError } from '../http-error.ts';
import { findSittingAttempt, type SittingAttempt } from '../sittings/sitting-queries.ts';
import { withStop } from '../sittings/sitting-rules.ts';
import { recordAttempt, type StoredAttempt } from './attempt-queries.ts';
import type { AccessGate } from '../sittings/access/check-access.ts';

/** The student's sitting attempt at the exam, with the problem checked to be theirs. */
export async function examAttemptFor(
  db: Db,
  userId: string,
  challengeId: string,
  examCode: string,
  gate: AccessGate,
): Promise<SittingAttempt & { stoppedAt: Date | null }> {
  const exam = await examForStudent(db, examCode, gate);
  const attempt = await findSittingAttempt(db, exam.sittingId, userId);
  if (!attempt) throw new HttpError(403, examMessages.openExamFirst);
  if (!(await isDrawn(db, attempt.id, challengeId)))
    throw new HttpError(403, examMessages.problemNotInExam);
  return { ...attempt, stoppedAt: exam.sitting.stoppedAt };
}

/** As openChallenge, under the exam: its first open records the standing. */
export async function openExamProblem(
  db: Db,
  userId: string,
  challengeId: string,
  examCode: string,
  now: Date,
  gate: AccessGate,
): Promise<{ challenge: Challenge; attempt: StoredAttempt }> {
  const sittingAttempt = await examAttemptFor(db, userId, challengeId, examCode, gate);
  const challenge = await findChallenge(db, challengeId);
  // A drawn challenge cannot be deleted (exam_draws restricts it): only a race could get here.
  if (!challenge) throw new HttpError(404, messages.challengeNotFound);
  const attempt = await recordAttempt(db, userId, challengeId, sittingAttempt, now);
  // "Stop now" is the timer's end for every problem of the exam (sitting-rules.ts).
  return { challenge, attempt: withStop(attempt, sittingAttempt.stoppedAt) };
}
