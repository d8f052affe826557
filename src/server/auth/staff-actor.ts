/**
 * The staff member behind a verified staff token, read fresh on every staff call (one indexed
 * query): a change of role or of course staff applies at the next call, and a deactivated
 * account is refused at once even before its token version moves on.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { executePrepared } from '../db/prepared.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import type { Actor, CourseRole, StaffRole } from './policy.ts';

type Row = {
  role: StaffRole;
  deactivated: boolean;
  course_id: string | null;
  course_role: CourseRole | null;
};

/** The actor, or undefined when the account is gone or deactivated. */
export async function loadActor(
  db: Db,
  claims: { sub: string; email: string },
): Promise<Actor | undefined> {
  const rows = rowsOf<Row>(
    await executePrepared(
      db,
      sql`
    select a.role, a.deactivated_at is not null as deactivated, cs.course_id,
           cs.role as course_role
      from admins a
      left join course_staff cs on cs.staff_id = a.id and a.role <> 'owner'
     where a.id = ${claims.sub}::uuid`,
    ),
  );
  const [first] = rows;
  if (!first || first.deactivated) return undefined;
  const courses = new Map<string, CourseRole>();
  for (const row of rows) {
    if (row.course_id !== null && row.course_role !== null) {
      courses.set(row.course_id, row.course_role);
    }
  }
  return { id: claims.sub, email: claims.email, role: first.role, courses };
}
