/**
 * Which course a staff call is about (issue 33), found from what the call names: a challenge or
 * an exam in its path, query or body, a submission, or a student by email. `guards.staffScope`
 * (run once the body is parsed, before it is validated) asks the policy with that course: a resource of a course the
 * member has no part in answers 404 as a missing one would (a teacher must not learn another
 * course's test codes), one of their course that their role may not touch 403. A call that names
 * nothing was decided by `guards.staff` alone; lists filter by `visibleCourses` in their SQL.
 */
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_COURSE_ID, courseMessages } from '../../contract/courses.ts';
import { examMessages } from '../../contract/exams.ts';
import { credentialMessages } from '../../contract/student-credentials.ts';
import { messages } from '../../contract/messages.ts';
import { noteAuditCourse } from '../audit/audit-context.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { can, type Actor, type StaffAction } from './policy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `exists` false: there is no such thing, and the route answers as it always has. */
type Named = { exists: boolean; courses: string[]; missing: string };

const stringField = (source: unknown, key: string): string | undefined => {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = (source as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Rows of `course_id` (null for a thing in no course): whether it exists, and its courses. */
async function coursesWhere(db: Db, query: SQL, missing: string): Promise<Named> {
  const rows = rowsOf<{ course_id: string | null }>(await db.execute(query));
  const courses = rows.flatMap((row) => (row.course_id === null ? [] : [row.course_id]));
  return { exists: rows.length > 0, courses, missing };
}

/** What the request names, each with the courses it belongs to (none: it does not exist). */
export async function namedResources(
  db: Db,
  parts: { params: unknown; query: unknown; body: unknown },
): Promise<Named[]> {
  const found: Named[] = [];
  const first = (key: string) =>
    stringField(parts.params, key) ?? stringField(parts.query, key) ?? stringField(parts.body, key);
  const courseId = first('courseId');
  if (courseId !== undefined && UUID.test(courseId)) {
    found.push(
      await coursesWhere(
        db,
        sql`select id as course_id from courses where id = ${courseId}::uuid`,
        courseMessages.courseNotFound,
      ),
    );
  }
  const challengeId = first('challengeId');
  if (challengeId !== undefined) {
    found.push(
      await coursesWhere(
        db,
        sql`select course_id from challenges where lower(challenge_id) = lower(${challengeId})`,
        messages.challengeNotFound,
      ),
    );
  }
  const examCode = first('examCode');
  if (examCode !== undefined) {
    found.push(
      await coursesWhere(
        db,
        sql`select course_id from exams where lower(code) = lower(${examCode.trim()})`,
        examMessages.examNotFound,
      ),
    );
  }
  const submissionId = first('submissionId');
  if (submissionId !== undefined && UUID.test(submissionId)) {
    found.push(
      await coursesWhere(
        db,
        sql`select c.course_id from submissions s join challenges c using (challenge_id)
             where s.id = ${submissionId}::uuid`,
        messages.notFound,
      ),
    );
  }
  // A student named as such (not a `userId`, which names a student of a sitting whose course
  // its challenge or exam decides): one of the courses they are enrolled in.
  const studentId = first('studentId');
  if (studentId !== undefined && UUID.test(studentId)) {
    found.push(
      await coursesWhere(
        db,
        sql`select e.course_id from users u left join enrolments e on e.user_id = u.id
             where u.id = ${studentId}::uuid`,
        credentialMessages.studentNotFound,
      ),
    );
  }
  const email = stringField(parts.body, 'email') ?? stringField(parts.params, 'email');
  if (email !== undefined) {
    // A student in no course exists but is no course's: only owners may act on them.
    found.push(
      await coursesWhere(
        db,
        sql`select e.course_id from users u left join enrolments e on e.user_id = u.id
             where u.email = lower(trim(${email}))`,
        messages.userNotFound,
      ),
    );
  }
  return found;
}

/**
 * Refuses the call unless the actor may do `action` on every resource it names (for a student,
 * on one of the courses they are enrolled in). Owners are never asked: they need no course.
 */
export async function authorizeNamed(
  db: Db,
  actor: Actor,
  action: StaffAction,
  parts: { params: unknown; query: unknown; body: unknown },
): Promise<void> {
  if (actor.role === 'owner') return;
  for (const resource of await namedResources(db, parts)) {
    if (!resource.exists) continue;
    if (resource.courses.some((course) => can(actor, action, course))) continue;
    const member = resource.courses.some((course) => actor.courses.has(course));
    throw member ? new HttpError(403, messages.forbidden) : new HttpError(404, resource.missing);
  }
}

/** The courses whose things a list may show the actor: every course for owners. */
export function visibleCourses(actor: Actor | null): 'all' | string[] {
  if (!actor || actor.role === 'owner') return 'all';
  return [...actor.courses.keys()];
}

/** A list's condition on its course column: nothing for owners, none of them for no course. */
export function inVisibleCourses(column: AnyColumn, visible: 'all' | string[]): SQL | undefined {
  if (visible === 'all') return undefined;
  return visible.length === 0 ? sql`false` : inArray(column, visible);
}

/** The same condition for a hand-written query, on a column named by `column` (always SQL). */
export function visibleCourseSql(column: SQL, visible: 'all' | string[]): SQL {
  if (visible === 'all') return sql`true`;
  if (visible.length === 0) return sql`false`;
  // One text parameter cast to uuid[]: both databases' drivers read it the same way.
  return sql`${column} = any(${`{${visible.join(',')}}`}::uuid[])`;
}

/**
 * The course a new challenge or exam goes into: the one asked for (the course check has
 * already let the actor write there; here it must exist), else the default course for owners,
 * else the actor's only course where they may do `action`, else they must choose.
 */
export async function courseForNew(
  db: Db,
  actor: Actor | null,
  requested: string | undefined,
  action: StaffAction,
): Promise<string> {
  const chosen = await chooseCourse(db, actor, requested, action);
  // The audit entry of the call is filed under this course (a roster names none itself).
  noteAuditCourse(chosen);
  return chosen;
}

async function chooseCourse(
  db: Db,
  actor: Actor | null,
  requested: string | undefined,
  action: StaffAction,
): Promise<string> {
  if (requested !== undefined) {
    const found = await coursesWhere(
      db,
      sql`select id as course_id from courses where id = ${requested}::uuid`,
      courseMessages.courseNotFound,
    );
    if (!found.exists) throw new HttpError(404, courseMessages.courseNotFound);
    return requested;
  }
  if (!actor || actor.role === 'owner') return DEFAULT_COURSE_ID;
  const mine = [...actor.courses.keys()].filter((course) => can(actor, action, course));
  if (mine.length === 1 && mine[0] !== undefined) return mine[0];
  throw new HttpError(400, courseMessages.chooseCourse);
}
