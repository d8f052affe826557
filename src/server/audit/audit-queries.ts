/** SQL of the audit log (issue 33, contract/audit.ts): append, and read newest first. */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/audit.ts';
import type { Db } from '../db/connection.ts';
import { containsPattern as contains, jsonbText, rowsOf } from '../db/sql-helpers.ts';

export type NewAuditEntry = {
  actorId: string | null;
  actorEmail: string;
  address: string;
  action: string;
  call: string;
  outcome: number;
  targetKind: string;
  targetId: string;
  /** The course the entry is filed under when already known (audit-course.ts), else null. */
  courseId: string | null;
  changes: Record<string, unknown>;
};

export type InsertOptions = {
  /** The course, read in the insert itself, when `courseId` is null (a thing just created). */
  courseOf?: SQL | undefined;
  /**
   * Inside the writer's transaction (record-audit.ts): insert only if the transaction wrote
   * something, told by its transaction id, which PostgreSQL assigns at the first write (or row
   * lock). A transaction that only read, then let its call answer 404, leaves no entry.
   */
  onlyIfWritten?: boolean;
};

/** Whether the entry was inserted (always, unless `onlyIfWritten` found no write). */
export async function insertAuditEntry(
  db: Db,
  entry: NewAuditEntry,
  options: InsertOptions = {},
): Promise<boolean> {
  const course = options.courseOf
    ? sql`coalesce(${entry.courseId}::uuid, ${options.courseOf})`
    : sql`${entry.courseId}::uuid`;
  const written = options.onlyIfWritten ? sql`where txid_current_if_assigned() is not null` : sql``;
  const result = await db.execute(sql`insert into audit_log
    (actor_id, actor_email, address, action, call, outcome, target_kind, target_id, course_id,
     changes)
    select ${entry.actorId}::uuid, ${entry.actorEmail}, ${entry.address}, ${entry.action},
      ${entry.call}, ${entry.outcome}, ${entry.targetKind}, ${entry.targetId}, ${course},
      ${jsonbText(entry.changes)}::jsonb
    ${written}`);
  return (result as { rowCount?: number | null }).rowCount !== 0;
}

export type AuditFilters = {
  actor?: string | undefined;
  action?: string | undefined;
  call?: string | undefined;
  target?: string | undefined;
  courseId?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  before?: number | undefined;
};

/** Entries newest first, `limit` of them, with the filters; dates are read in `timeZone`. */
export async function readAuditEntries(
  db: Db,
  filters: AuditFilters,
  limit: number,
  timeZone: string,
): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(sql`a.actor_email ilike ${contains(filters.actor)}`);
  if (filters.action) conditions.push(sql`a.action = ${filters.action}`);
  if (filters.call) conditions.push(sql`a.call ilike ${contains(filters.call)}`);
  if (filters.target) conditions.push(sql`a.target_id ilike ${contains(filters.target)}`);
  if (filters.courseId) conditions.push(sql`a.course_id = ${filters.courseId}::uuid`);
  if (filters.since) {
    conditions.push(sql`a.at >= (${filters.since}::date)::timestamp at time zone ${timeZone}`);
  }
  if (filters.until) {
    conditions.push(sql`a.at < ((${filters.until}::date + 1)::timestamp at time zone ${timeZone})`);
  }
  if (filters.before) conditions.push(sql`a.id < ${filters.before}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return rowsOf<AuditEntry>(
    await db.execute(sql`
      select a.id::int as id, to_json(a.at)#>>'{}' as at, a.actor_email as "actorEmail",
             a.address, a.action, a.call, a.outcome, a.target_kind as "targetKind",
             a.target_id as "targetId", a.course_id as "courseId", c.code as "courseCode",
             a.changes
        from audit_log a left join courses c on c.id = a.course_id
       ${where}
       order by a.id desc
       limit ${limit}`),
  );
}
