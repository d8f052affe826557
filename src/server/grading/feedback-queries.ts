/**
 * The feedback note and line comments of submissions (contract/submission-feedback.ts): read
 * for the staff dialog (one submission) and for a student's history (their listed submissions,
 * in two queries whatever their number), written by the feedback routes. An author is shown by
 * name, or by the email they wrote under when they have no name (or their account is gone).
 */
import { sql } from 'drizzle-orm';
import type {
  FeedbackNote,
  LineComment,
  StudentFeedback,
} from '../../contract/submission-feedback.ts';
import type { Db } from '../db/connection.ts';
import { iso, rowsOf } from '../db/sql-helpers.ts';

type NoteRow = FeedbackNote & { submissionId: string };
type CommentRow = LineComment & { submissionId: string; authorId: string | null };

const idList = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const authorName = sql`coalesce(nullif(a.name, ''), x.author_email)`;

async function notesOf(db: Db, ids: readonly string[]): Promise<NoteRow[]> {
  return rowsOf<NoteRow>(
    await db.execute(sql`
      select x.submission_id::text as "submissionId", x.markdown, ${authorName} as author,
        ${iso(sql`x.created_at`)} as "createdAt", ${iso(sql`x.updated_at`)} as "updatedAt"
      from submission_feedback x left join admins a on a.id = x.author_id
      where x.submission_id = any(${idList(ids)})`),
  );
}

async function commentsOf(db: Db, ids: readonly string[]): Promise<CommentRow[]> {
  return rowsOf<CommentRow>(
    await db.execute(sql`
      select x.submission_id::text as "submissionId", x.id::text as "commentId", x.line,
        x.body, ${authorName} as author, x.author_id::text as "authorId",
        ${iso(sql`x.created_at`)} as "createdAt", ${iso(sql`x.updated_at`)} as "updatedAt"
      from submission_comments x left join admins a on a.id = x.author_id
      where x.submission_id = any(${idList(ids)})
      order by x.line, x.created_at, x.id`),
  );
}

const stripComment = ({ submissionId: _s, authorId: _a, ...comment }: CommentRow): LineComment =>
  comment;

/** Each listed submission's feedback, only for those that have some. */
export async function feedbackOf(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, StudentFeedback>> {
  const found = new Map<string, StudentFeedback>();
  if (submissionIds.length === 0) return found;
  const entry = (id: string) => {
    const known = found.get(id) ?? { note: null, comments: [] };
    found.set(id, known);
    return known;
  };
  for (const { submissionId, ...note } of await notesOf(db, submissionIds))
    entry(submissionId).note = note;
  for (const row of await commentsOf(db, submissionIds))
    entry(row.submissionId).comments.push(stripComment(row));
  return found;
}

/** One submission's feedback for staff: each comment marked when it is `actorId`'s own. */
export async function staffFeedbackOf(db: Db, submissionId: string, actorId: string) {
  const [found] = await notesOf(db, [submissionId]);
  const comments = await commentsOf(db, [submissionId]);
  const note = found
    ? (({ submissionId: _s, ...rest }: NoteRow): FeedbackNote => rest)(found)
    : null;
  return {
    submissionId,
    note,
    comments: comments.map((row) => ({ ...stripComment(row), mine: row.authorId === actorId })),
  };
}

/** The submission's number of code lines, or undefined when there is no such submission. */
export async function codeLineCount(db: Db, submissionId: string): Promise<number | undefined> {
  const row = rowsOf<{ lines: number }>(
    await db.execute(sql`
      select array_length(string_to_array(code, chr(10)), 1) as lines
      from submissions where id = ${submissionId}::uuid`),
  )[0];
  return row === undefined ? undefined : Number(row.lines ?? 1);
}

export async function writeNote(
  db: Db,
  submissionId: string,
  markdown: string,
  author: { id: string; email: string },
): Promise<void> {
  if (markdown.trim() === '') {
    await db.execute(
      sql`delete from submission_feedback where submission_id = ${submissionId}::uuid`,
    );
    return;
  }
  await db.execute(sql`
    insert into submission_feedback (submission_id, markdown, author_id, author_email)
    values (${submissionId}::uuid, ${markdown}, ${author.id}::uuid, ${author.email})
    on conflict (submission_id) do update set markdown = excluded.markdown,
      author_id = excluded.author_id, author_email = excluded.author_email, updated_at = now()`);
}

export async function insertComment(
  db: Db,
  submissionId: string,
  comment: { line: number; body: string },
  author: { id: string; email: string },
): Promise<string> {
  const row = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into submission_comments (submission_id, line, body, author_id, author_email)
      values (${submissionId}::uuid, ${comment.line}, ${comment.body}, ${author.id}::uuid,
        ${author.email})
      returning id::text as id`),
  )[0];
  if (!row) throw new Error('the comment was not stored');
  return row.id;
}

/** The comment's author id ('' when their account is gone), or undefined when there is none. */
export async function commentAuthor(
  db: Db,
  submissionId: string,
  commentId: string,
): Promise<string | undefined> {
  const row = rowsOf<{ author: string }>(
    await db.execute(sql`
      select coalesce(author_id::text, '') as author from submission_comments
      where id = ${commentId}::uuid and submission_id = ${submissionId}::uuid`),
  )[0];
  return row?.author;
}

export async function updateComment(db: Db, commentId: string, body: string): Promise<void> {
  await db.execute(sql`
    update submission_comments set body = ${body}, updated_at = now()
    where id = ${commentId}::uuid`);
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.execute(sql`delete from submission_comments where id = ${commentId}::uuid`);
}
