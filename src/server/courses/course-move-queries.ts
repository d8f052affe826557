/**
 * SQL of moving a challenge or an exam to another course (contract/course-moves.ts). Only the
 * `course_id` of challenges and exams changes: everything students did hangs on the challenge id
 * or the exam's sitting, so it goes along untouched.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';

export type CourseRef = { id: string; code: string };
type Placed = { courseId: string; courseCode: string };

export async function findCourseRef(db: Db, courseId: string): Promise<CourseRef | undefined> {
  const found = await db.execute(sql`select id, code from courses where id = ${courseId}::uuid`);
  return rowsOf<CourseRef>(found)[0];
}

/** The challenge (its stored id) with its course, locked until the transaction ends. */
export async function lockChallengeCourse(
  db: Db,
  challengeId: string,
): Promise<(Placed & { challengeId: string }) | undefined> {
  const found = await db.execute(sql`
    select ch.challenge_id as "challengeId", ch.course_id as "courseId", c.code as "courseCode"
      from challenges ch join courses c on c.id = ch.course_id
     where lower(ch.challenge_id) = lower(${challengeId.trim()})
     for update of ch`);
  return rowsOf<Placed & { challengeId: string }>(found)[0];
}

/** The exam (its sitting and stored code) with its course, locked until the transaction ends. */
export async function lockExamCourse(
  db: Db,
  examCode: string,
): Promise<(Placed & { sittingId: string; code: string }) | undefined> {
  const found = await db.execute(sql`
    select e.sitting_id as "sittingId", e.code, e.course_id as "courseId", c.code as "courseCode"
      from exams e join courses c on c.id = e.course_id
     where lower(e.code) = lower(${examCode.trim()})
     for update of e`);
  return rowsOf<Placed & { sittingId: string; code: string }>(found)[0];
}

/** Challenges an exam holds: offered by a slot, or given to a student (a pool edited since). */
const heldBy = (sitting: SQL) => sql`
  select ch.challenge_id from exam_slots sl join exam_slot_choices ch on ch.slot_id = sl.id
   where sl.exam_sitting_id = ${sitting}
  union
  select d.challenge_id from exam_slots sl join exam_draws d on d.slot_id = sl.id
   where sl.exam_sitting_id = ${sitting}`;

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The exam's problems with their courses, locked, in test-code order. */
export async function lockExamProblems(
  db: Db,
  sittingId: string,
): Promise<(Placed & { challengeId: string })[]> {
  const found = await db.execute(sql`
    select ch.challenge_id as "challengeId", ch.course_id as "courseId", c.code as "courseCode"
      from challenges ch join courses c on c.id = ch.course_id
     where ch.challenge_id in (${heldBy(sql`${sittingId}::uuid`)})
     order by ch.challenge_id
     for update of ch`);
  return rowsOf<Placed & { challengeId: string }>(found);
}

/**
 * The first exam, other than `exceptSitting` and not in `courseId`, that holds one of these
 * challenges (in a slot or a draw): the challenge cannot go to `courseId` without splitting it.
 */
export async function examElsewhereHolding(
  db: Db,
  challengeIds: readonly string[],
  courseId: string,
  exceptSitting?: string,
): Promise<{ challengeId: string; examCode: string; courseCode: string } | undefined> {
  if (challengeIds.length === 0) return undefined;
  const found = await db.execute(sql`
    select held.challenge_id as "challengeId", e.code as "examCode", c.code as "courseCode"
      from exams e join courses c on c.id = e.course_id
      join lateral (${heldBy(sql`e.sitting_id`)}) held
        on held.challenge_id in (${idList(challengeIds)})
     where e.course_id <> ${courseId}::uuid
       ${exceptSitting ? sql`and e.sitting_id <> ${exceptSitting}::uuid` : sql``}
     order by held.challenge_id, e.code
     limit 1`);
  return rowsOf<{ challengeId: string; examCode: string; courseCode: string }>(found)[0];
}

export async function setChallengesCourse(
  db: Db,
  challengeIds: readonly string[],
  courseId: string,
): Promise<void> {
  if (challengeIds.length === 0) return;
  await db.execute(
    sql`update challenges set course_id = ${courseId}::uuid
         where challenge_id in (${idList(challengeIds)})`,
  );
}

export async function setExamCourse(db: Db, sittingId: string, courseId: string): Promise<void> {
  await db.execute(
    sql`update exams set course_id = ${courseId}::uuid, updated_at = now()
         where sitting_id = ${sittingId}::uuid`,
  );
}

/**
 * What the audit log reads before and after a move (audit-before.ts): the course's code, and for
 * an exam each problem with its course's code.
 */
export async function challengePlacement(db: Db, challengeId: string) {
  const found = await db.execute(sql`
    select c.code as course from challenges ch join courses c on c.id = ch.course_id
     where lower(ch.challenge_id) = lower(${challengeId.trim()})`);
  return rowsOf<{ course: string }>(found)[0];
}

export async function examPlacement(db: Db, examCode: string) {
  const found = await db.execute(sql`
    select c.code as course,
      coalesce((select json_agg(ch.challenge_id || ' in ' || cc.code order by ch.challenge_id)
         from challenges ch join courses cc on cc.id = ch.course_id
        where ch.challenge_id in (${heldBy(sql`e.sitting_id`)})), '[]'::json) as problems
      from exams e join courses c on c.id = e.course_id
     where lower(e.code) = lower(${examCode.trim()})`);
  return rowsOf<{ course: string; problems: string[] }>(found)[0];
}
