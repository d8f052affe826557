/**
 * Which sitting a notices call is about, and who may use it: staff reach any challenge's or
 * exam's sitting, drafts included; a student only one they can see (not a draft: the sitting's
 * own rule, sitting-rules.ts; for an exam also not archived: examForStudent), and asks only about
 * a problem of it (for an exam, one they drew).
 */
import type { AccessGate } from '../access/check-access.ts';
import { eq } from 'drizzle-orm';
import { examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { Db } from '../../db/connection.ts';
import { challenges } from '../../db/schema.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { examForStudent } from '../../exams/student-exam.ts';
import { HttpError } from '../../http-error.ts';
import { challengeSitting, type Sitting } from '../sitting-queries.ts';
import { assertVisibleToStudents } from '../sitting-rules.ts';
import { drewProblem } from './notice-queries.ts';

export type StudentSitting = {
  sittingId: string;
  /** Whether the student may ask about this problem. */
  mayAskAbout(challengeId: string): Promise<boolean>;
};

/** A challenge's own sitting (made on first use, as everywhere); 404 when no such challenge. */
async function sittingOfChallenge(db: Db, challengeId: string): Promise<Sitting> {
  const [row] = await db
    .select({ id: challenges.challengeId })
    .from(challenges)
    .where(eq(challenges.challengeId, challengeId));
  if (!row) throw new HttpError(404, messages.challengeNotFound);
  return challengeSitting(db, row.id);
}

export async function staffChallengeSitting(db: Db, challengeId: string): Promise<string> {
  return (await sittingOfChallenge(db, challengeId)).id;
}

export async function staffExamSitting(db: Db, examCode: string): Promise<string> {
  const exam = await findExamByCode(db, examCode);
  if (!exam) throw new HttpError(404, examMessages.examNotFound);
  return exam.sittingId;
}

export async function studentChallengeSitting(
  db: Db,
  challengeId: string,
  gate: AccessGate,
): Promise<StudentSitting> {
  const sitting = await sittingOfChallenge(db, challengeId);
  assertVisibleToStudents(sitting);
  // A student the sitting's access rules refuse may not read or ask either.
  await gate(sitting);
  return { sittingId: sitting.id, mayAskAbout: async (id) => id === challengeId };
}

export async function studentExamSitting(
  db: Db,
  examCode: string,
  userId: string,
  gate: AccessGate,
): Promise<StudentSitting> {
  const exam = await examForStudent(db, examCode, gate);
  return {
    sittingId: exam.sittingId,
    mayAskAbout: (challengeId) => drewProblem(db, exam.sittingId, userId, challengeId),
  };
}
