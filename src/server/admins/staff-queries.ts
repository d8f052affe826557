/** SQL of staff accounts and invitations (issue 33, contract/staff.ts). */
import { sql } from 'drizzle-orm';
import type { StaffMember } from '../../contract/staff.ts';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';

/** Every staff member with their courses (or one), owners first, then by email. */
export async function listStaff(db: Db, only?: string): Promise<StaffMember[]> {
  return rowsOf<StaffMember>(
    await db.execute(sql`
      select a.id, a.email, a.name, a.role, a.deactivated_at is null as active,
        coalesce((select json_agg(json_build_object('courseId', c.id, 'code', c.code,
                         'role', cs.role) order by lower(c.code))
                    from course_staff cs join courses c on c.id = cs.course_id
                   where cs.staff_id = a.id), '[]'::json) as courses
        from admins a
       where (${only ?? null}::uuid is null or a.id = ${only ?? null}::uuid)
       order by a.role <> 'owner', a.email`),
  );
}

export async function pendingInvitations(
  db: Db,
  now: Date,
): Promise<{ email: string; role: StaffMember['role']; expiresAt: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select email, role, to_json(expires_at)#>>'{}' as "expiresAt" from staff_invitations
       where accepted_at is null and expires_at > ${now.toISOString()}::timestamptz
       order by created_at desc`),
  );
}

export async function isStaffEmail(db: Db, email: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from admins where email = ${email}`));
  return rows.length > 0;
}

export async function insertInvitation(
  db: Db,
  invitation: {
    email: string;
    name: string;
    role: StaffMember['role'];
    courseId: string | undefined;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<void> {
  const { email, name, role, courseId, tokenHash, invitedBy, expiresAt } = invitation;
  await db.execute(sql`insert into staff_invitations
    (email, name, role, course_id, token_hash, invited_by, expires_at)
    values (${email}, ${name}, ${role}, ${courseId ?? null}::uuid, ${tokenHash},
            ${invitedBy}::uuid, ${expiresAt.toISOString()}::timestamptz)`);
}

type InvitationRow = {
  id: string;
  email: string;
  role: StaffMember['role'];
  course_id: string | null;
  expired: boolean;
  accepted: boolean;
};

export type AcceptOutcome =
  { ok: true; adminId: string } | { ok: false; problem: 'invalid' | 'used' | 'expired' | 'taken' };

/**
 * Accepts the invitation of this token hash: the account (and its course) is made and the
 * invitation used, in one transaction, so a link works once.
 */
export async function acceptInvitation(
  db: Db,
  input: { tokenHash: string; name: string; passwordHash: string; now: Date },
): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const [invitation] = rowsOf<InvitationRow>(
      await tx.execute(sql`
        select id, email, role, course_id, expires_at <= ${input.now.toISOString()}::timestamptz
               as expired, accepted_at is not null as accepted
          from staff_invitations where token_hash = ${input.tokenHash} for update`),
    );
    if (!invitation) return { ok: false, problem: 'invalid' };
    if (invitation.accepted) return { ok: false, problem: 'used' };
    if (invitation.expired) return { ok: false, problem: 'expired' };
    const [made] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into admins (email, password_hash, role, name)
        values (${invitation.email}, ${input.passwordHash}, ${invitation.role}, ${input.name})
        on conflict (email) do nothing returning id`),
    );
    if (!made) return { ok: false, problem: 'taken' };
    if (invitation.course_id !== null && invitation.role !== 'owner') {
      await tx.execute(sql`insert into course_staff (course_id, staff_id, role)
        values (${invitation.course_id}::uuid, ${made.id}::uuid, ${invitation.role})`);
    }
    await tx.execute(sql`update staff_invitations set accepted_at = ${input.now.toISOString()}::timestamptz
      where id = ${invitation.id}::uuid`);
    return { ok: true, adminId: made.id };
  });
}

/**
 * Changes a member's role or whether they are active, refusing to leave the portal without an
 * active owner (checked under a lock on the owners, so two owners demoting each other at once
 * cannot both succeed). 'missing': no such member; 'last-owner': refused.
 */
export async function updateStaff(
  db: Db,
  id: string,
  change: { role?: StaffMember['role']; active?: boolean },
  now: Date,
): Promise<'done' | 'missing' | 'last-owner'> {
  return db.transaction(async (tx) => {
    const owners = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from admins
        where role = 'owner' and deactivated_at is null order by id for update`),
    );
    const [member] = rowsOf<{ role: string }>(
      await tx.execute(sql`select role from admins where id = ${id}::uuid for update`),
    );
    if (!member) return 'missing';
    const staysOwner = (change.role ?? member.role) === 'owner' && change.active !== false;
    const isActiveOwner = owners.some((owner) => owner.id === id);
    if (isActiveOwner && !staysOwner && owners.length === 1) return 'last-owner';
    const deactivatedAt =
      change.active === undefined
        ? sql`deactivated_at`
        : change.active
          ? sql`null`
          : sql`coalesce(deactivated_at, ${now.toISOString()}::timestamptz)`;
    await tx.execute(sql`update admins
      set role = ${change.role ?? member.role}, deactivated_at = ${deactivatedAt}
      where id = ${id}::uuid`);
    // An owner made teacher or assistant keeps no course rights they were never given; one made
    // owner needs no course rows.
    if (change.role === 'owner') {
      await tx.execute(sql`delete from course_staff where staff_id = ${id}::uuid`);
    } else if (change.role === 'assistant') {
      await tx.execute(
        sql`update course_staff set role = 'assistant' where staff_id = ${id}::uuid`,
      );
    }
    return 'done';
  });
}
