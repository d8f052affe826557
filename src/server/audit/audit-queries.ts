/** SQL of the audit log (issue 33, contract/audit.ts): append, and read newest first. */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/audit.ts';
import type { Db } from '../db/connection.ts';
import { containsPattern as contains, rowsOf } from '../db/sql-helpers.ts';

export type NewAuditEntry = {
  actorId: string | null;
  actorEmail: string;
  address: string;
  action: string;
  call: string;
  outcome: number;
  targetKind: string;
  targetId: string;
  changes: Record<string, unknown>;
};

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.execute(sql`insert into audit_log
    (actor_id, actor_email, address, action, call, outcome, target_kind, target_id, changes)
    values (${entry.actorId}::uuid, ${entry.actorEmail}, ${entry.address}, ${entry.action},
      ${entry.call}, ${entry.outcome}, ${entry.targetKind}, ${entry.targetId},
      ${JSON.stringify(entry.changes)}::jsonb)`);
}

export type AuditFilters = {
  actor?: string | undefined;
  action?: string | undefined;
  call?: string | undefined;
  target?: string | undefined;
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
  if (filters.actor) conditions.push(sql`actor_email ilike ${contains(filters.actor)}`);
  if (filters.action) conditions.push(sql`action = ${filters.action}`);
  if (filters.call) conditions.push(sql`call ilike ${contains(filters.call)}`);
  if (filters.target) conditions.push(sql`target_id ilike ${contains(filters.target)}`);
  if (filters.since) {
    conditions.push(sql`at >= (${filters.since}::date)::timestamp at time zone ${timeZone}`);
  }
  if (filters.until) {
    conditions.push(sql`at < ((${filters.until}::date + 1)::timestamp at time zone ${timeZone})`);
  }
  if (filters.before) conditions.push(sql`id < ${filters.before}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return rowsOf<AuditEntry>(
    await db.execute(sql`
      select id::int as id, to_json(at)#>>'{}' as at, actor_email as "actorEmail", address,
             action, call, outcome, target_kind as "targetKind", target_id as "targetId",
             course_id as "courseId", changes
        from audit_log ${where}
       order by id desc
       limit ${limit}`),
  );
}
