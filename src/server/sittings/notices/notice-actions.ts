/**
 * What posting, answering and asking do, for a challenge's sitting and an exam's alike: the row,
 * then a change of the sitting on the feed (changes/change-feed.ts), which wakes the timer long
 * polls that carry the notices cursor (follow-timer.ts) on every server process. An announcement
 * and an answer to everyone wake the whole sitting; an answer to the asker and a question wake
 * that student's screens only.
 */
import {
  noticeMessages,
  type AnswerRequest,
  type NoticeCreated,
  type QuestionRequest,
} from '../../../contract/notices.ts';
import type { ChangeFeed } from '../../changes/change-feed.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { insertAnnouncement, insertAnswer, insertQuestion } from './notice-queries.ts';
import type { StudentSitting } from './notice-sittings.ts';

export type NoticeDeps = { db: Db; feed: Pick<ChangeFeed, 'publishSitting'> };

export async function postAnnouncement(
  { db, feed }: NoticeDeps,
  sittingId: string,
  body: string,
  author: string,
): Promise<NoticeCreated> {
  const id = await insertAnnouncement(db, sittingId, body, author);
  await feed.publishSitting({ type: 'sitting', sittingId, userId: null });
  return { id };
}

export async function answerQuestion(
  { db, feed }: NoticeDeps,
  sittingId: string,
  questionId: number,
  answer: AnswerRequest,
  author: string,
): Promise<NoticeCreated> {
  const toAll = answer.audience === 'everyone';
  const { id, askerId } = await insertAnswer(db, {
    sittingId,
    questionId,
    body: answer.body,
    toAll,
    author,
  });
  await feed.publishSitting({ type: 'sitting', sittingId, userId: toAll ? null : askerId });
  return { id };
}

export async function askQuestion(
  { db, feed }: NoticeDeps,
  sitting: StudentSitting,
  userId: string,
  question: QuestionRequest,
): Promise<NoticeCreated> {
  const challengeId = question.challengeId?.trim() || null;
  if (challengeId !== null && !(await sitting.mayAskAbout(challengeId)))
    throw new HttpError(400, noticeMessages.problemNotInSitting);
  const id = await insertQuestion(db, {
    sittingId: sitting.sittingId,
    userId,
    challengeId,
    body: question.body.trim(),
  });
  // The student's other screens (another tab, the exam screen and a problem) show it too.
  await feed.publishSitting({ type: 'sitting', sittingId: sitting.sittingId, userId });
  return { id };
}
