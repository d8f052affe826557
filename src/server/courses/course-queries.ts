/** SQL of courses, their sections and their staff (issue 33, contract/courses.ts). */
import { sql } from 'drizzle-orm';
import { DEFAULT_COURSE_ID, type Course } from '../../contract/courses.ts';
import { visibleCourseSql } from '../auth/course-scope.ts';
import type { Actor } from '../auth/policy.ts';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';

type CourseRow = Omit<Course, 'myRole' | 'isDefault' | 'enrolmentCode'> & {
  enrolmentCode: string | null;
  enrolmentSectionId: string | null;
};

/** The courses `visible` names (every one for 'all'), each with its figures, by code. */
export async function listCourses(
  db: Db,
  actor: Actor,
  visible: 'all' | string[],
  only?: string,
): Promise<Course[]> {
  const rows = rowsOf<CourseRow>(
    await db.execute(sql`
      select c.id, c.code, c.title, c.term,
        c.enrolment_code as "enrolmentCode", c.enrolment_section_id as "enrolmentSectionId",
        (select count(*)::int from enrolments e where e.course_id = c.id) as students,
        (select count(*)::int from challenges ch where ch.course_id = c.id) as challenges,
        (select count(*)::int from exams x where x.course_id = c.id) as exams,
        coalesce((
          select json_agg(json_build_object('id', s.id, 'name', s.name, 'students',
                   (select count(*)::int from enrolments e2 where e2.section_id = s.id))
                 order by s.name)
            from course_sections s where s.course_id = c.id), '[]'::json) as sections,
        coalesce((
          select json_agg(json_build_object('staffId', a.id, 'email', a.email, 'name', a.name,
                   'role', cs.role) order by a.email)
            from course_staff cs join admins a on a.id = cs.staff_id
           where cs.course_id = c.id), '[]'::json) as staff
      from courses c
      where ${visibleCourseSql(sql`c.id`, visible)}
        and (${only ?? null}::uuid is null or c.id = ${only ?? null}::uuid)
      order by lower(c.code)`),
  );
  return rows.map(({ enrolmentCode, enrolmentSectionId, ...row }) => ({
    ...row,
    enrolmentCode:
      enrolmentCode === null ? null : { code: enrolmentCode, sectionId: enrolmentSectionId },
    isDefault: row.id === DEFAULT_COURSE_ID,
    myRole: actor.role === 'owner' ? 'owner' : (actor.courses.get(row.id) ?? actor.role),
  }));
}

export async function insertCourse(
  db: Db,
  input: { code: string; title: string; term: string },
  teacherId: string | undefined,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into courses (code, title, term)
        values (${input.code}, ${input.title}, ${input.term}) returning id`),
    );
    if (!row) throw new Error('insert returned no row');
    if (teacherId !== undefined) {
      await tx.execute(sql`insert into course_staff (course_id, staff_id, role)
        values (${row.id}::uuid, ${teacherId}::uuid, 'teacher')`);
    }
    return row.id;
  });
}

/** Whether the course was there to change. */
export async function updateCourse(
  db: Db,
  id: string,
  input: { code: string; title: string; term: string },
): Promise<boolean> {
  const result = await db.execute(sql`update courses
    set code = ${input.code}, title = ${input.title}, term = ${input.term}
    where id = ${id}::uuid returning id`);
  return rowsOf(result).length > 0;
}

export async function insertSection(db: Db, courseId: string, name: string): Promise<void> {
  await db.execute(sql`insert into course_sections (course_id, name)
    values (${courseId}::uuid, ${name})`);
}

/**
 * An active staff member named by id or by email address, with their role on the portal;
 * undefined when there is none.
 */
export async function activeStaff(
  db: Db,
  named: { staffId?: string | undefined; staffEmail?: string | undefined },
): Promise<{ id: string; role: string } | undefined> {
  const match = named.staffId
    ? sql`id = ${named.staffId}::uuid`
    : sql`lower(email) = ${named.staffEmail ?? ''}`;
  const [row] = rowsOf<{ id: string; role: string }>(
    await db.execute(sql`select id, role from admins where ${match} and deactivated_at is null`),
  );
  return row;
}

export async function putCourseStaff(
  db: Db,
  courseId: string,
  staffId: string,
  role: 'teacher' | 'assistant',
): Promise<void> {
  await db.execute(sql`insert into course_staff (course_id, staff_id, role)
    values (${courseId}::uuid, ${staffId}::uuid, ${role})
    on conflict (course_id, staff_id) do update set role = excluded.role`);
}

export async function deleteCourseStaff(
  db: Db,
  courseId: string,
  staffId: string,
): Promise<boolean> {
  const result = await db.execute(sql`delete from course_staff
    where course_id = ${courseId}::uuid and staff_id = ${staffId}::uuid returning staff_id`);
  return rowsOf(result).length > 0;
}
