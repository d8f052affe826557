/**
 * The student's notices as one list (pure, tested): announcements and questions in the order of
 * their latest news (a question moves up when answered), and what is new since the student last
 * looked: announcements and answers, never their own questions.
 */
import type { Announcement, StudentNotices, StudentQuestion } from '../../../contract/notices.ts';

export type FeedEntry =
  | { kind: 'announcement'; latest: number; announcement: Announcement }
  | { kind: 'question'; latest: number; question: StudentQuestion };

export function feedOf(notices: StudentNotices): FeedEntry[] {
  const entries: FeedEntry[] = [
    ...notices.announcements.map((announcement): FeedEntry => ({
      kind: 'announcement',
      latest: announcement.id,
      announcement,
    })),
    ...notices.questions.map((question): FeedEntry => ({
      kind: 'question',
      latest: Math.max(question.id, ...question.answers.map((a) => a.id)),
      question,
    })),
  ];
  return entries.sort((a, b) => b.latest - a.latest);
}

/** What arrived after `seen`: announcements and answers (the student's own questions are not news). */
export function newsSince(
  notices: StudentNotices,
  seen: number,
): { announcements: number; answers: number } {
  return {
    announcements: notices.announcements.filter((a) => a.id > seen).length,
    answers: notices.questions.flatMap((q) => q.answers).filter((a) => a.id > seen).length,
  };
}
