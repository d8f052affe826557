/**
 * SQL of a sitting's announcements and clarifications (schema.ts sittingNotices,
 * contract/notices.ts). What a student may see is written once, in `visibleTo`, and the cursor
 * their timer long poll carries is the highest id of it, read as two index lookups.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_OPEN_QUESTIONS,
  noticeMessages,
  type StaffNotices,
  type StudentNotices,
} from '../../../contract/notices.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { iso, rowsOf } from '../../db/sql-helpers.ts';
import { assembleStaffNotices, assembleStudentNotices, type NoticeRow } from './notice-lists.ts';

/** The newest notices read per list: a sitting's hours never come near it. */
const LIST_LIMIT = 2_000;

/**
 * A student sees: every announcement; their own questions and every answer to them; a question
 * answered to everyone, with its answers to everyone (never its private ones, never the asker).
 */
const visibleTo = (userId: string): SQL => sql`(
  n.kind = 'announcement'
  or n.user_id = ${userId}
  or (n.kind = 'answer' and n.to_all)
  or (n.kind = 'question'
      and exists (select 1 from sitting_notices a where a.question_id = n.id and a.to_all)))`;

/**
 * The highest notice id the student may see (0: none). A question answered to everyone becomes
 * visible with its answer, whose id is higher, so the two lookups below are enough.
 */
export async function noticeCursor(db: Db, sittingId: string, userId: string): Promise<number> {
  const found = await db.execute(sql`
    select greatest(
      (select max(id) from sitting_notices
        where sitting_id = ${sittingId} and (kind = 'announcement' or to_all)),
      (select max(id) from sitting_notices
        where sitting_id = ${sittingId} and user_id = ${userId}),
      0)::text as cursor`);
  return Number(rowsOf<{ cursor: string }>(found)[0]?.cursor ?? 0);
}

/** Questions of the sitting nobody has answered yet (the proctor view counts them). */
export async function unansweredQuestionCount(db: Db, sittingId: string): Promise<number> {
  const found = await db.execute(sql`
    select count(*)::text as count from sitting_notices q
    where q.sitting_id = ${sittingId} and q.kind = 'question'
      and not exists (select 1 from sitting_notices a where a.question_id = q.id)`);
  return Number(rowsOf<{ count: string }>(found)[0]?.count ?? 0);
}

const rowColumns = sql`
  n.id::text as id, n.kind, n.user_id as "userId", n.question_id::text as "questionId",
  n.to_all as "toAll", n.challenge_id as "challengeId", c.challenge_name as "challengeName",
  n.body, n.author, ${iso(sql`n.created_at`)} as "createdAt"`;

export async function readStudentNotices(
  db: Db,
  sittingId: string,
  userId: string,
): Promise<StudentNotices> {
  const found = await db.execute(sql`
    select ${rowColumns}
      from sitting_notices n
      left join challenges c on c.challenge_id = n.challenge_id
     where n.sitting_id = ${sittingId} and ${visibleTo(userId)}
     order by n.id desc
     limit ${LIST_LIMIT}`);
  return assembleStudentNotices(rowsOf<NoticeRow>(found), userId);
}

export async function readStaffNotices(db: Db, sittingId: string): Promise<StaffNotices> {
  const found = await db.execute(sql`
    select ${rowColumns}, u.name as "askerName", u.email as "askerEmail"
      from sitting_notices n
      left join challenges c on c.challenge_id = n.challenge_id
      left join users u on u.id = n.user_id
     where n.sitting_id = ${sittingId}
     order by n.id desc
     limit ${LIST_LIMIT}`);
  return assembleStaffNotices(rowsOf<NoticeRow>(found));
}

const insertedId = (result: unknown): number => {
  const row = rowsOf<{ id: string }>(result)[0];
  if (!row) throw new Error('the notice was not stored');
  return Number(row.id);
};

export async function insertAnnouncement(
  db: Db,
  sittingId: string,
  body: string,
  author: string,
): Promise<number> {
  return insertedId(
    await db.execute(sql`
      insert into sitting_notices (sitting_id, kind, body, author)
      values (${sittingId}, 'announcement', ${body}, ${author})
      returning id::text as id`),
  );
}

/** The first key of the advisory lock on a student's questions at a sitting ("ntcq"). */
const QUESTION_LOCK = 0x6e746371;

/**
 * Stores the question unless the student already has MAX_OPEN_QUESTIONS without an answer (429).
 * Two questions sent at once by one student are counted one after the other (the lock).
 */
export async function insertQuestion(
  db: Db,
  question: { sittingId: string; userId: string; challengeId: string | null; body: string },
): Promise<number> {
  const { sittingId, userId, challengeId, body } = question;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${QUESTION_LOCK}::int, hashtext(${`${sittingId}/${userId}`}))`,
    );
    const open = await tx.execute(sql`
      select count(*)::int as open from sitting_notices q
       where q.sitting_id = ${sittingId} and q.user_id = ${userId} and q.kind = 'question'
         and not exists (select 1 from sitting_notices a where a.question_id = q.id)`);
    if ((rowsOf<{ open: number }>(open)[0]?.open ?? 0) >= MAX_OPEN_QUESTIONS)
      throw new HttpError(429, noticeMessages.tooManyOpenQuestions);
    return insertedId(
      await tx.execute(sql`
        insert into sitting_notices (sitting_id, kind, user_id, challenge_id, body)
        values (${sittingId}, 'question', ${userId}, ${challengeId}, ${body})
        returning id::text as id`),
    );
  });
}

/** Answers a question of this sitting; returns the answer's id and the asker (404: no such question). */
export async function insertAnswer(
  db: Db,
  answer: { sittingId: string; questionId: number; body: string; toAll: boolean; author: string },
): Promise<{ id: number; askerId: string }> {
  const { sittingId, questionId, body, toAll, author } = answer;
  const found = await db.execute(sql`
    insert into sitting_notices (sitting_id, kind, user_id, question_id, to_all, body, author)
    select q.sitting_id, 'answer', q.user_id, q.id, ${toAll}, ${body}, ${author}
      from sitting_notices q
     where q.id = ${questionId} and q.sitting_id = ${sittingId} and q.kind = 'question'
    returning id::text as id, user_id as "askerId"`);
  const row = rowsOf<{ id: string; askerId: string }>(found)[0];
  if (!row) throw new HttpError(404, noticeMessages.questionNotFound);
  return { id: Number(row.id), askerId: row.askerId };
}

/** Whether the student drew this challenge in any of their attempts at the exam's sitting. */
export async function drewProblem(
  db: Db,
  sittingId: string,
  userId: string,
  challengeId: string,
): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from exam_draws d
      join sitting_attempts sa on sa.id = d.sitting_attempt_id
     where sa.sitting_id = ${sittingId} and sa.user_id = ${userId}
       and d.challenge_id = ${challengeId}
     limit 1`);
  return rowsOf(found).length > 0;
}
