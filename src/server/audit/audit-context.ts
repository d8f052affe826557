/**
 * What a handler tells the audit entry of the call it serves (issue 33, record-audit.ts): the
 * course a new thing went into, when the call itself did not name it (a roster upload or a new
 * challenge left to the server's choice: `courseForNew`). The recorder opens the context for
 * the staff writes it follows; anywhere else noting does nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type AuditNote = { courseId: string | undefined };

const notes = new AsyncLocalStorage<AuditNote>();

export function runWithAuditNote<T>(note: AuditNote, work: () => T): T {
  return notes.run(note, work);
}

/** The course the call's new thing went into (the first one noted counts). */
export function noteAuditCourse(courseId: string): void {
  const note = notes.getStore();
  if (note) note.courseId ??= courseId;
}
