/**
 * The student's exam as it last opened, kept on this computer (IndexedDB), with the address of
 * each problem's compiler page: a reload with the network gone shows the same screen, and every
 * problem opens from its own copy (lib/problem-copies.ts). Per student and exam, the code
 * lower-cased as codes are matched. `receivedAt` (this computer's clock when the answer came)
 * keeps the countdown on the server's clock as it was measured then.
 */
import { z } from 'zod';
import { studentExamSchema, type StudentExam } from '../../../contract/exams.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';

const copySchema = z.object({
  exam: studentExamSchema,
  receivedAt: z.number(),
  /** challengeId → the compiler page's address (with its token). */
  frames: z.record(z.string(), z.string()),
});
export type ExamCopy = z.infer<typeof copySchema>;

const copyKey = (owner: string, examCode: string) =>
  `exam-copy:${owner}:${examCode.trim().toLowerCase()}`;

export async function loadExamCopy(owner: string, examCode: string): Promise<ExamCopy | undefined> {
  const parsed = copySchema.safeParse(await idbGet(copyKey(owner, examCode)));
  return parsed.success ? parsed.data : undefined;
}

export function saveExamCopy(owner: string, examCode: string, copy: ExamCopy): Promise<void> {
  return idbSet(copyKey(owner, examCode), copy);
}

/** The copy with the latest answer, keeping the addresses it had (a refresh brings none). */
export async function updateExamCopy(
  owner: string,
  examCode: string,
  exam: StudentExam,
  receivedAt: number,
  frames?: Record<string, string>,
): Promise<void> {
  const previous = await loadExamCopy(owner, examCode);
  await saveExamCopy(owner, examCode, {
    exam,
    receivedAt,
    frames: { ...previous?.frames, ...frames },
  });
}
