/**
 * The writes of a roster upload, a batch at a time, each statement carrying its rows as array
 * parameters (unnest), so a batch costs a few round trips and short query texts however many
 * rows it holds. New students get no password (they claim the account by signing up or
 * resetting it); existing ones have name, year, branch and college replaced and keep their
 * password.
 *
 * A batch first reads the students it names (one probe of the email index, answered as one JSON
 * value), then sends the UPDATE only the students whose details differ and the INSERT only the
 * new ones:
 * - an existing student whose four fields already hold the uploaded values is not written at all
 *   (re-uploading a class list is the common case): an UPDATE that changes nothing still writes
 *   a new row version, its index entries and their WAL, and on PGlite, where the database runs
 *   on the server's own thread, that was most of the time of such an upload;
 * - neither statement joins the table on email, which lets the planner hash the whole table
 *   once per batch (quadratic on a large table).
 * Ids come from crypto.randomUUID() (version 4, like the column's default): PGlite's
 * gen_random_uuid() fetches its random bytes from JavaScript one row at a time, about a fifth of
 * the cost of an insert.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RosterRecord } from '../../contract/roster-rows.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

/**
 * Rows per statement. Large enough that the per-statement cost vanishes, small enough that the
 * last batch (the one that cannot overlap the parse, see import-roster.ts) is short.
 */
export const ROSTER_BATCH_SIZE = 4000;

/** Appends `value` to a PostgreSQL array literal being built in `out`. */
function pushArrayItem(out: string[], value: string | null): void {
  if (value === null) out.push('NULL');
  else if (!/["\\]/.test(value)) out.push(`"${value}"`);
  else out.push(`"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
}

const literal = (items: string[]) => `{${items.join(',')}}`;

/** The array literals of `records`' columns (and a new id for each when `withIds`). */
function columns(records: readonly RosterRecord[], withIds: boolean) {
  const email: string[] = [];
  const name: string[] = [];
  const year: string[] = [];
  const branch: string[] = [];
  const college: string[] = [];
  const id: string[] = [];
  for (const r of records) {
    pushArrayItem(email, r.email);
    pushArrayItem(name, r.name);
    pushArrayItem(year, r.year);
    pushArrayItem(branch, r.branch);
    pushArrayItem(college, r.college);
    if (withIds) id.push(crypto.randomUUID());
  }
  return {
    email: literal(email),
    name: literal(name),
    year: literal(year),
    branch: literal(branch),
    college: literal(college),
    id: literal(id),
    ids: id,
  };
}

/** A student as the probe returns it: [email, name, year, branch, college, id]. */
type Stored = [string, string, string | null, string | null, string | null, string];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const sameFields = (a: Stored, b: RosterRecord) =>
  a[1] === b.name && a[2] === b.year && a[3] === b.branch && a[4] === b.college;

/**
 * `email = any(array(select unnest(...)))` rather than `email = any(...)`: with the array itself
 * the planner estimates each of its thousands of elements (milliseconds per statement) and may
 * then prefer a scan of the whole table; with an array it only knows when running, it assumes a
 * few rows and probes the email index.
 */
const emailIn = (emails: string) => sql`any(array(select unnest(${emails}::text[])))`;

/**
 * Inserts students the probe did not find; answers how many were new and each student's id (in
 * the order of `fresh`). A plain INSERT, in a savepoint: ON CONFLICT costs a fifth more per row
 * on PGlite, and is only needed when a student signs up between the probe and the insert. Then
 * the savepoint is rolled back and the batch upserted instead, that student updated like the
 * others (keeping their id) and told from a new one by `xmax = 0`. Exported for the test of that
 * case.
 */
export async function insertStudents(
  db: Db,
  fresh: readonly RosterRecord[],
): Promise<{ inserted: number; ids: string[] }> {
  const c = columns(fresh, true);
  const rows = sql`select * from unnest(${c.id}::uuid[], ${c.email}::text[], ${c.name}::text[],
    ${c.year}::text[], ${c.branch}::text[], ${c.college}::text[])`;
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(
        sql`insert into users (id, email, name, year, branch, college) ${rows}`,
      );
    });
    return { inserted: fresh.length, ids: c.ids };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const added = await db.execute(sql`
    with added as (
      insert into users (id, email, name, year, branch, college) ${rows}
      on conflict (email) do update set
        name = excluded.name, year = excluded.year,
        branch = excluded.branch, college = excluded.college
      returning id, email, (xmax = 0) as inserted
    )
    select json_build_object(
      'inserted', (count(*) filter (where inserted))::int,
      'ids', coalesce(json_object_agg(email, id), '{}')) as added from added`);
  const result = rowsOf<{ added: { inserted: number; ids: Record<string, string> } }>(added)[0];
  const byEmail = result?.added.ids ?? {};
  return {
    inserted: result?.added.inserted ?? 0,
    ids: fresh.map((r) => {
      const id = byEmail[r.email];
      if (id === undefined) throw new Error(`no id came back for a roster row`);
      return id;
    }),
  };
}

/**
 * Emails must be unique within `records` (the row checker rejects repeats), so every record is
 * either inserted or matches an existing student; the latter all count as updated, changed or not.
 * `ids`: each record's student, in the order of `records` (enrolStudents takes them as they are,
 * instead of looking every email up again).
 */
export async function upsertStudents(
  db: Db,
  records: readonly RosterRecord[],
): Promise<{ inserted: number; updated: number; ids: string[] }> {
  if (records.length === 0) return { inserted: 0, updated: 0, ids: [] };
  const emails: string[] = [];
  for (const r of records) pushArrayItem(emails, r.email);
  // One JSON value rather than a row per student: each result row costs the drivers (PGlite's
  // especially) far more than parsing the same data as JSON.
  const found = await db.execute(sql`
    select json_agg(json_build_array(email, name, year, branch, college, id)) as students
    from users where email = ${emailIn(literal(emails))}`);
  const stored = new Map<string, Stored>();
  for (const student of rowsOf<{ students: Stored[] | null }>(found)[0]?.students ?? []) {
    stored.set(student[0], student);
  }

  const fresh: RosterRecord[] = [];
  const changed: RosterRecord[] = [];
  for (const record of records) {
    const before = stored.get(record.email);
    if (!before) fresh.push(record);
    else if (!sameFields(before, record)) changed.push(record);
  }

  if (changed.length > 0) {
    const c = columns(changed, false);
    await db.execute(sql`
      update users u set name = s.name, year = s.year, branch = s.branch, college = s.college
      from unnest(${c.email}::text[], ${c.name}::text[], ${c.year}::text[],
        ${c.branch}::text[], ${c.college}::text[]) as s(email, name, year, branch, college)
      where u.email = ${emailIn(c.email)} and u.email = s.email`);
  }
  const added = fresh.length > 0 ? await insertStudents(db, fresh) : { inserted: 0, ids: [] };
  const freshIds = new Map(fresh.map((r, i) => [r.email, added.ids[i]]));
  const ids = records.map((r) => {
    const id = stored.get(r.email)?.[5] ?? freshIds.get(r.email);
    if (id === undefined) throw new Error('a roster row has no student id');
    return id;
  });
  return { inserted: added.inserted, updated: records.length - added.inserted, ids };
}

/** Two uploads at once would otherwise risk a deadlock on rows they both touch. */
export async function lockRosterUploads(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('roster-upload'))`);
}

/**
 * The batch's students (`userIds`, in the order of `records`: upsertStudents's) enrolled in the
 * course (issue 33), with the section and student number their rows give (a section named for
 * the first time is added to the course); a student already enrolled keeps what a row leaves
 * empty, and one whose enrolment would not change is not written (a re-uploaded class list is
 * the common case: see upsertStudents).
 *
 * The students are named by id: joined on email instead, the planner hashed the whole users table
 * for every batch (a 100,000-row upload on PGlite spent a third of its enrolment time there,
 * bench/roster.ts). A student deleted by another administrator between the two statements fails
 * the foreign key, and the whole upload is rolled back with a message to try again.
 */
export async function enrolStudents(
  db: Db,
  courseId: string,
  records: readonly RosterRecord[],
  userIds: readonly string[],
): Promise<void> {
  if (records.length === 0) return;
  if (userIds.length !== records.length) throw new Error('one student id per roster row');
  const numbers: string[] = [];
  const sections: string[] = [];
  for (const r of records) {
    pushArrayItem(numbers, r.studentNumber);
    pushArrayItem(sections, r.section);
  }
  const named = records.some((r) => r.section !== null);
  if (named) {
    await db.execute(sql`
      insert into course_sections (course_id, name)
      select distinct ${courseId}::uuid, s from unnest(${literal(sections)}::text[]) s
       where s is not null
      on conflict (course_id, name) do nothing`);
  }
  const rows = sql`unnest(${literal([...userIds])}::uuid[], ${literal(numbers)}::text[],
    ${literal(sections)}::text[]) as r(id, number, section)`;
  await db.execute(sql`
    insert into enrolments (course_id, user_id, section_id, student_number)
    ${
      named
        ? sql`select ${courseId}::uuid, r.id, cs.id, r.number from ${rows}
            left join course_sections cs on cs.course_id = ${courseId}::uuid and cs.name = r.section`
        : sql`select ${courseId}::uuid, r.id, null::uuid, r.number from ${rows}`
    }
    on conflict (course_id, user_id) do update set
      section_id = coalesce(excluded.section_id, enrolments.section_id),
      student_number = coalesce(excluded.student_number, enrolments.student_number)
    where excluded.section_id is not null
        and excluded.section_id is distinct from enrolments.section_id
      or excluded.student_number is not null
        and excluded.student_number is distinct from enrolments.student_number`);
}
