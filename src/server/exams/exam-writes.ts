/**
 * An exam's writes, each in one transaction with its refusals (contract/exams.ts messages): a
 * code another exam or a challenge has, a challenge that does not exist, a delete of an exam
 * students have submitted in. The slots are replaced whole with the exam's fields, or not at all.
 */
import { examMessages, type Exam, type ExamInputParsed } from '../../contract/exams.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from '../http-error.ts';
import {
  deleteExamSitting,
  examHasSubmissions,
  insertExam,
  lockExamByCode,
  readExam,
  resolveChallengeIds,
  setArchived,
  updateExamRow,
  writeSlots,
} from './exam-queries.ts';
import { challengeHasCode, examHasCode, lockTestCode } from './test-codes.ts';

const codeTaken = () => new HttpError(409, examMessages.examCodeTaken);
const notFound = () => new HttpError(404, examMessages.examNotFound);

/** The slots with every challenge id as stored; a 400 naming the first unknown one. */
async function resolvedSlots(db: Db, input: ExamInputParsed, visible: 'all' | string[]) {
  const ids = input.slots.flatMap((slot) => slot.challengeIds);
  const known = await resolveChallengeIds(db, ids, visible);
  const unknown = ids.find((id) => !known.has(id.toLowerCase()));
  if (unknown !== undefined)
    throw new HttpError(400, examMessages.unknownChallenge.replace('{challengeId}', unknown));
  return input.slots.map((slot) => ({
    points: slot.points,
    challengeIds: slot.challengeIds.map((id) => known.get(id.toLowerCase()) ?? id),
  }));
}

/** The code is free for this exam: no other exam has it, nor any challenge. */
async function claimCode(db: Db, code: string, sittingId?: string): Promise<void> {
  await lockTestCode(db, code);
  if ((await examHasCode(db, code, sittingId)) || (await challengeHasCode(db, code)))
    throw codeTaken();
}

function fieldsOf(input: ExamInputParsed) {
  const { slots: _slots, examCode, courseId: _course, ...fields } = input;
  return { ...fields, code: examCode };
}

/** A unique violation here can only be the code (two creations racing): told as taken. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** `visible`: the courses whose challenges the author may put in it (every one for owners). */
export async function createExam(
  db: Db,
  input: ExamInputParsed,
  place: { courseId: string; visible: 'all' | string[] },
): Promise<string> {
  return guarded(() =>
    db.transaction(async (tx) => {
      await claimCode(tx, input.examCode);
      const slots = await resolvedSlots(tx, input, place.visible);
      const sittingId = await insertExam(tx, fieldsOf(input), place.courseId);
      await writeSlots(tx, sittingId, slots);
      return sittingId;
    }),
  );
}

/** `code` names the exam as it is; the input may rename it. Returns its sitting id. */
export async function updateExam(
  db: Db,
  code: string,
  input: ExamInputParsed,
  visible: 'all' | string[],
): Promise<string> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const exam = await lockExamByCode(tx, code);
      if (!exam) throw notFound();
      if (exam.code.toLowerCase() !== input.examCode.toLowerCase())
        await claimCode(tx, input.examCode, exam.sittingId);
      const slots = await resolvedSlots(tx, input, visible);
      await updateExamRow(tx, exam.sittingId, fieldsOf(input));
      await writeSlots(tx, exam.sittingId, slots);
      return exam.sittingId;
    }),
  );
}

/** Deletes an exam nobody has submitted in; returns it as it was. */
export async function deleteExam(db: Db, code: string, timeZone: string): Promise<Exam> {
  return db.transaction(async (tx) => {
    const exam = await lockExamByCode(tx, code);
    if (!exam) throw notFound();
    if (await examHasSubmissions(tx, exam.sittingId))
      throw new HttpError(409, examMessages.examHasSubmissions);
    const deleted = await readExam(tx, exam, timeZone);
    await deleteExamSitting(tx, exam.sittingId);
    return deleted;
  });
}

export async function archiveExam(db: Db, code: string, archived: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    const exam = await lockExamByCode(tx, code);
    if (!exam) throw notFound();
    await setArchived(tx, exam.sittingId, archived);
    return exam.sittingId;
  });
}
