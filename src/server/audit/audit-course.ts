/**
 * The course an audit entry is filed under (`audit_log.course_id`, issue 33), from what the call
 * names, in the order its target is chosen (record-audit.ts): a challenge's or an exam's course,
 * the course itself, a submission's challenge's course, or, for a student named alone (an
 * activation link, a one-time password, a deletion), the one course they are enrolled in among
 * those the actor works in (none when that is not exactly one: the entry does not guess). A new
 * course is found by its code. A call naming none of these (a staff member's role, test data
 * by hash) belongs to no course.
 *
 * One SQL expression, so the recorder can both read it before the call (a deletion leaves
 * nothing to read after) and put it inside the entry's own insert, at no extra round trip, for
 * what exists only once the call wrote it (a challenge, exam or course it created).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/policy.ts';
import { visibleCourseSql } from '../auth/course-scope.ts';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import type { Named } from './audit-before.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid the call names, or undefined: a cast of anything else would fail the statement. */
function uuidNamed(named: Named, key: string): string | undefined {
  const value = named(key)?.trim();
  return value !== undefined && UUID.test(value) ? value : undefined;
}

/** The student's one course among those the actor may see, else null. */
function studentCourse(user: SQL, visible: 'all' | string[]): SQL {
  return sql`(select (array_agg(e.course_id))[1] from enrolments e
               where e.user_id = ${user} and ${visibleCourseSql(sql`e.course_id`, visible)}
              having count(*) = 1)`;
}

/** The expression of the course's id (null for none), or undefined when the call names none. */
export function courseOfNamed(named: Named, actor: Actor | null): SQL | undefined {
  const visible: 'all' | string[] =
    !actor || actor.role === 'owner' ? 'all' : [...actor.courses.keys()];
  const parts: SQL[] = [];
  const challengeId = named('challengeId');
  if (challengeId !== undefined)
    parts.push(sql`(select course_id from challenges
                     where lower(challenge_id) = lower(${challengeId.trim()}))`);
  const examCode = named('examCode');
  if (examCode !== undefined)
    parts.push(sql`(select course_id from exams where lower(code) = lower(${examCode.trim()}))`);
  const courseId = uuidNamed(named, 'courseId');
  if (courseId !== undefined)
    parts.push(sql`(select id from courses where id = ${courseId}::uuid)`);
  const submissionId = uuidNamed(named, 'submissionId');
  if (submissionId !== undefined)
    parts.push(sql`(select c.course_id from submissions s join challenges c using (challenge_id)
                     where s.id = ${submissionId}::uuid)`);
  for (const key of ['studentId', 'userId']) {
    const userId = uuidNamed(named, key);
    if (userId !== undefined) parts.push(studentCourse(sql`${userId}::uuid`, visible));
  }
  const email = named('email');
  if (email !== undefined)
    parts.push(
      studentCourse(sql`(select id from users where email = lower(trim(${email})))`, visible),
    );
  // A course being created is named by its code only.
  const code = named('code');
  if (code !== undefined)
    parts.push(sql`(select id from courses where lower(code) = lower(${code.trim()}))`);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : sql`coalesce(${sql.join(parts, sql`, `)})`;
}

/** The course as it is now (before the call), or null. */
export async function readCourseOf(db: Db, course: SQL): Promise<string | null> {
  const [row] = rowsOf<{ course_id: string | null }>(
    await db.execute(sql`select ${course} as course_id`),
  );
  return row?.course_id ?? null;
}
