/**
 * The notice rows of a sitting (newest first) shaped into the lists of contract/notices.ts. Pure,
 * so the student's view can be tested row by row: the query already left out what the student may
 * not see, and this shaping drops once more whatever would name or quote another student (their
 * id, their private answers), so a mistake in one place is not enough to leak.
 */
import type {
  Announcement,
  StaffNotices,
  StaffQuestion,
  StudentNotices,
  StudentQuestion,
} from '../../../contract/notices.ts';

/** One row as notice-queries.ts reads it (bigint ids as text, times as ISO strings). */
export type NoticeRow = {
  id: string;
  kind: 'announcement' | 'question' | 'answer';
  userId: string | null;
  questionId: string | null;
  toAll: boolean;
  challengeId: string | null;
  challengeName: string | null;
  body: string;
  author: string | null;
  createdAt: string;
  askerName?: string | null;
  askerEmail?: string | null;
};

const cursorOf = (rows: readonly NoticeRow[]) =>
  rows.reduce((max, row) => Math.max(max, Number(row.id)), 0);

/** Answers grouped by question, oldest first (a conversation reads down). */
function answersByQuestion(rows: readonly NoticeRow[]): Map<string, NoticeRow[]> {
  const answers = new Map<string, NoticeRow[]>();
  for (const row of [...rows].reverse()) {
    if (row.kind !== 'answer' || row.questionId === null) continue;
    const list = answers.get(row.questionId) ?? [];
    list.push(row);
    answers.set(row.questionId, list);
  }
  return answers;
}

function announcementsOf(rows: readonly NoticeRow[]): (Announcement & { author: string })[] {
  return rows
    .filter((row) => row.kind === 'announcement')
    .map((row) => ({
      id: Number(row.id),
      body: row.body,
      createdAt: row.createdAt,
      author: row.author ?? '',
    }));
}

export function assembleStudentNotices(rows: readonly NoticeRow[], userId: string): StudentNotices {
  const answers = answersByQuestion(rows);
  const questions: StudentQuestion[] = [];
  for (const row of rows) {
    if (row.kind !== 'question') continue;
    const mine = row.userId === userId;
    const shown = (answers.get(row.id) ?? []).filter((a) => mine || a.toAll);
    // Another student's question is readable only once answered to everyone.
    if (!mine && shown.length === 0) continue;
    questions.push({
      id: Number(row.id),
      mine,
      challengeId: row.challengeId,
      challengeName: row.challengeName,
      body: row.body,
      createdAt: row.createdAt,
      answers: shown.map((a) => ({
        id: Number(a.id),
        body: a.body,
        toAll: a.toAll,
        createdAt: a.createdAt,
      })),
    });
  }
  return {
    cursor: cursorOf(rows),
    // The staff member's address is not the students' to read.
    announcements: announcementsOf(rows).map(({ id, body, createdAt }) => ({
      id,
      body,
      createdAt,
    })),
    questions,
  };
}

export function assembleStaffNotices(rows: readonly NoticeRow[]): StaffNotices {
  const answers = answersByQuestion(rows);
  const questions: StaffQuestion[] = rows
    .filter((row) => row.kind === 'question')
    .map((row) => ({
      id: Number(row.id),
      asker: {
        id: row.userId ?? '',
        name: row.askerName ?? '',
        email: row.askerEmail ?? '',
      },
      challengeId: row.challengeId,
      challengeName: row.challengeName,
      body: row.body,
      createdAt: row.createdAt,
      answers: (answers.get(row.id) ?? []).map((a) => ({
        id: Number(a.id),
        body: a.body,
        toAll: a.toAll,
        createdAt: a.createdAt,
        author: a.author ?? '',
      })),
    }));
  const unanswered = questions.filter((q) => q.answers.length === 0).length;
  // Unanswered first, each group newest first (the rows come newest first; sort is stable).
  questions.sort((a, b) => Number(a.answers.length > 0) - Number(b.answers.length > 0));
  return { cursor: cursorOf(rows), unanswered, announcements: announcementsOf(rows), questions };
}
