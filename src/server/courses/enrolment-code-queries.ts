/** SQL of enrolment codes (contract/enrolment-codes.ts): set, turn off, and join by one. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';

/**
 * Gives the course `code`, into `sectionId` (a section of that course) or none. False when the
 * section is not one of the course's. A code another course holds throws the unique violation
 * of courses_enrolment_code_lower (the caller draws again).
 */
export async function setEnrolmentCode(
  db: Db,
  courseId: string,
  code: string,
  sectionId: string | null,
): Promise<boolean> {
  const result = await db.execute(sql`update courses
    set enrolment_code = ${code}, enrolment_section_id = ${sectionId}::uuid
    where id = ${courseId}::uuid
      and (${sectionId}::uuid is null or exists (select 1 from course_sections s
            where s.id = ${sectionId}::uuid and s.course_id = ${courseId}::uuid))
    returning id`);
  return rowsOf(result).length > 0;
}

/** Whether the course was there. */
export async function clearEnrolmentCode(db: Db, courseId: string): Promise<boolean> {
  const result = await db.execute(sql`update courses
    set enrolment_code = null, enrolment_section_id = null
    where id = ${courseId}::uuid returning id`);
  return rowsOf(result).length > 0;
}

/**
 * Enrols the student in the course whose code is `code` (any case), into the code's section;
 * one statement, so there is nothing to roll back. Already enrolled: the enrolment stays as it
 * was, except that a student without a section gets the code's (a roster's section is kept).
 * The course's code and title, or undefined when no course has this code.
 */
export async function joinByEnrolmentCode(
  db: Db,
  userId: string,
  code: string,
): Promise<{ code: string; title: string } | undefined> {
  const [row] = rowsOf<{ code: string; title: string }>(
    await db.execute(sql`
      with course as (
        select id, code, title, enrolment_section_id from courses
         where lower(enrolment_code) = lower(${code})),
      joined as (
        insert into enrolments (course_id, user_id, section_id)
        select id, ${userId}::uuid, enrolment_section_id from course
        on conflict (course_id, user_id) do update
          set section_id = coalesce(enrolments.section_id, excluded.section_id))
      select code, title from course`),
  );
  return row;
}
