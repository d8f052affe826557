/**
 * The students list (roster entries and signed-up students) and the filter options both teacher
 * tables offer. Same keyset paging as the results table.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  StudentFilterOptions,
  StudentsQueryParsed,
  StudentsRow,
  StudentsSortColumn,
} from '../../contract/results.ts';
import { visibleCourseSql } from '../auth/course-scope.ts';
import type { Db } from '../db/connection.ts';
import {
  afterCursor,
  orderBy,
  sortValueText,
  textSortKey as text,
  type Cursor,
  type SortKey,
} from './keyset.ts';
import { containsPattern, iso, rowsOf } from '../db/sql-helpers.ts';

// A subquery on the attempts' (user, challenge) index: evaluated only for the page's rows unless
// the list is sorted by it. Challenges taken on their own (their own sitting), not exams' problems;
// each once, though a reset (issue 32) gives the student a second standing on it.
const challengesTaken = sql`(select count(distinct a.challenge_id)::int from attempts a
  join sittings s on s.id = a.sitting_id and s.challenge_id = a.challenge_id
  where a.user_id = u.id)`;

/**
 * Has chosen a password of their own: a one-time password given by staff (issue 33) is not one
 * until the student replaces it at their first sign-in.
 */
const claimedExpr = sql`(u.password_hash is not null and u.one_time_password_expires_at is null)`;

const STUDENTS_SORT_KEYS: Record<StudentsSortColumn, SortKey> = {
  name: text('u.name'),
  email: text('u.email'),
  year: text('u.year'),
  branch: text('u.branch'),
  college: text('u.college'),
  claimed: { expr: claimedExpr, type: 'bool' },
  challengesTaken: { expr: challengesTaken, type: 'int' },
  createdAt: { expr: sql`u.created_at`, type: 'timestamptz' },
};

const USER_ID = sql`u.id`;

export type StudentsFilters = Omit<StudentsQueryParsed, 'cursor' | 'limit'>;

/**
 * The students a member of staff may see (issue 33): those enrolled in one of their courses;
 * every student for owners.
 */
export function enrolledIn(visible: 'all' | string[]): SQL[] {
  if (visible === 'all') return [];
  return [
    sql`exists (select 1 from enrolments e
                 where e.user_id = u.id and ${visibleCourseSql(sql`e.course_id`, visible)})`,
  ];
}

function where(filters: StudentsFilters, extra: SQL[] = []): SQL {
  const conditions: SQL[] = [...extra];
  if (filters.claimed === 'claimed') conditions.push(claimedExpr);
  if (filters.claimed === 'unclaimed') conditions.push(sql`not ${claimedExpr}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.year) conditions.push(sql`u.year = ${filters.year}`);
  if (filters.branch) conditions.push(sql`u.branch = ${filters.branch}`);
  if (filters.college) conditions.push(sql`u.college = ${filters.college}`);
  if (filters.courseId) {
    conditions.push(sql`exists (select 1 from enrolments e
      where e.user_id = u.id and e.course_id = ${filters.courseId}::uuid
        and (${filters.sectionId ?? null}::uuid is null or e.section_id = ${filters.sectionId ?? null}::uuid))`);
  }
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

type RawStudent = StudentsRow & { sortValue: string | null };

/** A field of the student's enrolment in the filtered course; null without a course filter. */
function enrolmentField(filters: StudentsFilters, field: SQL): SQL {
  if (!filters.courseId) return sql`null::text`;
  return sql`(select ${field} from enrolments e
    where e.user_id = u.id and e.course_id = ${filters.courseId}::uuid)`;
}

export async function readStudentsPage(
  db: Db,
  filters: StudentsFilters,
  after: Cursor | undefined,
  limit: number,
  visible: 'all' | string[] = 'all',
): Promise<{ rows: StudentsRow[]; next: Cursor | null }> {
  const key = STUDENTS_SORT_KEYS[filters.sort];
  const found = await db.execute(sql`
    select u.id as "userId", u.name, u.email, u.year, u.branch, u.college,
      ${claimedExpr} as claimed, ${challengesTaken} as "challengesTaken",
      ${iso(sql`u.created_at`)} as "createdAt", ${sortValueText(key)} as "sortValue",
      ${enrolmentField(filters, sql`e.student_number`)} as "studentNumber",
      ${enrolmentField(filters, sql`(select s.name from course_sections s where s.id = e.section_id)`)} as "section"
    from users u ${where(filters, [
      ...enrolledIn(visible),
      ...(after ? [afterCursor(key, USER_ID, after)] : []),
    ])}
    order by ${orderBy(key, USER_ID, filters.dir)}
    limit ${limit + 1}`);
  const raw = rowsOf<RawStudent>(found);
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const last = page.at(-1);
  return {
    rows: page.map(({ sortValue: _sortValue, ...row }) => row),
    next:
      more && last
        ? { sort: filters.sort, dir: filters.dir, value: last.sortValue, id: last.userId }
        : null,
  };
}

export async function countStudents(
  db: Db,
  filters: StudentsFilters,
  visible: 'all' | string[] = 'all',
): Promise<number> {
  const found = await db.execute(
    sql`select count(*)::int as n from users u ${where(filters, enrolledIn(visible))}`,
  );
  return rowsOf<{ n: number }>(found)[0]?.n ?? 0;
}

export async function readFilterOptions(db: Db): Promise<StudentFilterOptions> {
  const found = await db.execute(sql`
    select
      coalesce((select json_agg(v order by v) from (select distinct year as v from users
        where year is not null and year <> '') d), '[]') as years,
      coalesce((select json_agg(v order by v) from (select distinct branch as v from users
        where branch is not null and branch <> '') d), '[]') as branches,
      coalesce((select json_agg(v order by v) from (select distinct college as v from users
        where college is not null and college <> '') d), '[]') as colleges`);
  return rowsOf<StudentFilterOptions>(found)[0] ?? { years: [], branches: [], colleges: [] };
}
