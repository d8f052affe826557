/**
 * Results by section (issue 33, contract/results-sections.ts): the SQL the challenge's and the
 * exam's results share for the course's sections, the section filter and each row's Student ID
 * and Section. Every read goes through the enrolments' primary key (course_id, user_id), one probe
 * per student, and the row's two fields are select-list subqueries, so PostgreSQL evaluates them
 * after the sort and limit: only for the rows of the page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COURSE_ID } from '../../contract/courses.ts';
import { sectionMessages, type ResultsCourse } from '../../contract/results-sections.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { rowsOf } from '../db/sql-helpers.ts';

/**
 * The course's sections (by name, case-blind, code-point order on both databases) and whether a
 * student of it has a Student ID (a probe of the partial index enrolments_student_number, not a
 * walk of the course's enrolments).
 */
const courseColumns = sql`co.id as "courseId", co.code,
  coalesce((select json_agg(json_build_object('sectionId', s.id, 'name', s.name)
      order by lower(s.name) collate "C", s.name collate "C")
    from course_sections s where s.course_id = co.id), '[]'::json) as sections,
  exists (select 1 from enrolments e
    where e.course_id = co.id and e.student_number is not null) as "hasStudentIds"`;

export async function readCourse(db: Db, courseId: string): Promise<ResultsCourse | undefined> {
  const found = await db.execute(
    sql`select ${courseColumns} from courses co where co.id = ${courseId}::uuid`,
  );
  return rowsOf<ResultsCourse>(found)[0];
}

/** The course of a challenge (undefined when there is no such challenge). */
export async function readChallengeCourse(
  db: Db,
  challengeId: string,
): Promise<ResultsCourse | undefined> {
  const found = await db.execute(sql`select ${courseColumns}
    from challenges ch join courses co on co.id = ch.course_id
    where ch.challenge_id = ${challengeId}`);
  return rowsOf<ResultsCourse>(found)[0];
}

/**
 * Refuses a section that is not one of the course's with 404, as course-scope.ts answers for
 * another course's things: a section id of another course must neither show everyone (as if
 * there were no filter) nor tell the caller that it exists.
 */
export function checkSection(course: ResultsCourse | undefined, sectionId: string | undefined) {
  if (sectionId === undefined) return;
  if (!course?.sections.some((s) => s.sectionId === sectionId))
    throw new HttpError(404, sectionMessages.sectionNotInCourse);
}

/**
 * The students (`u`) a course's results list: those enrolled in it, and those who took the
 * challenge or exam anyway (`took`: they typed its test code), so a teacher sees neither another
 * course's students nor loses one who sat the test. The default course lists every student: it
 * holds the portal's students from before courses, and the spec's one administrator works there.
 */
export function courseStudents(courseId: string | undefined, took: SQL): SQL[] {
  if (courseId === undefined || courseId === DEFAULT_COURSE_ID) return [];
  return [
    sql`(${took} or exists (select 1 from enrolments ce
      where ce.course_id = ${courseId}::uuid and ce.user_id = u.id))`,
  ];
}

/** The condition on the student (`u`) of being enrolled in that section of the course. */
export function inSection(courseId: string | undefined, sectionId: string | undefined): SQL[] {
  if (sectionId === undefined) return [];
  // Without a course (an answer of an older row) no section can match.
  if (courseId === undefined) return [sql`false`];
  return [
    sql`exists (select 1 from enrolments se where se.course_id = ${courseId}::uuid
      and se.user_id = u.id and se.section_id = ${sectionId}::uuid)`,
  ];
}

/** The student's (`u`) Student ID and Section in the course, as "studentNumber" and "section". */
export function enrolmentColumns(courseId: string | undefined): SQL {
  if (courseId === undefined) return sql`null::text as "studentNumber", null::text as section`;
  return sql`(select en.student_number from enrolments en
      where en.course_id = ${courseId}::uuid and en.user_id = u.id) as "studentNumber",
    (select cs.name from enrolments en join course_sections cs on cs.id = en.section_id
      where en.course_id = ${courseId}::uuid and en.user_id = u.id) as section`;
}
