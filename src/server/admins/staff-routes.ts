/**
 * The staff calls (issue 33, contract/staff.ts): an owner lists the staff, invites someone (the
 * link mailed, or given back to show when the portal has no SMTP server), changes a role or
 * deactivates an account (its sessions end at once); the invitee accepts with a name and a
 * password and is signed in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginResponseSchema } from '../../contract/admin.ts';
import { messages } from '../../contract/messages.ts';
import {
  INVITATION_DAYS,
  acceptInvitationPath,
  acceptInvitationRequestSchema,
  invitationPagePath,
  staffInvitationRequestSchema,
  staffInvitationResponseSchema,
  staffInvitationsRoute,
  staffListSchema,
  staffMemberRoute,
  staffMessages,
  staffParamsSchema,
  staffRoute,
  staffSelfPath,
  staffSelfSchema,
  staffUpdateRequestSchema,
  staffUpdateResponseSchema,
} from '../../contract/staff.ts';
import type { Guards } from '../auth/guards.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashResetToken, newResetToken } from '../password-reset/reset-token.ts';
import { findAdminById } from './admin-queries.ts';
import { adminSession } from './admin-session.ts';
import { invitationEmail } from './invitation-email.ts';
import {
  acceptInvitation,
  insertInvitation,
  isStaffEmail,
  listStaff,
  pendingInvitations,
  updateStaff,
} from './staff-queries.ts';

type Deps = {
  db: Db;
  guards: Guards;
  tokens: TokenService;
  versions: SessionVersions;
  config: Config;
  mailer: Mailer;
  now: () => Date;
};

const acceptProblems = {
  invalid: [400, staffMessages.invalidInvitation],
  used: [409, staffMessages.invitationUsed],
  expired: [410, staffMessages.invitationExpired],
  taken: [409, staffMessages.alreadyStaff],
} as const;

export const staffRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, tokens, versions, config, mailer, now } = deps;
  const onRequest = guards.staff;
  const manageStaff = { action: 'staff.manage' } as const;

  app.get(
    staffSelfPath,
    {
      onRequest,
      config: { action: 'self.read' },
      schema: { response: { 200: staffSelfSchema } },
    },
    async (request) => {
      const actor = request.actor;
      const [me] = actor ? await listStaff(db, actor.id) : [];
      if (!actor || !me) throw new HttpError(401, messages.unauthorized);
      const courses = [...actor.courses].map(([courseId, role]) => ({ courseId, role }));
      return { id: me.id, email: me.email, name: me.name, role: me.role, courses };
    },
  );

  app.get(
    staffRoute,
    { onRequest, config: manageStaff, schema: { response: { 200: staffListSchema } } },
    async () => ({ staff: await listStaff(db), invitations: await pendingInvitations(db, now()) }),
  );

  app.post(
    staffInvitationsRoute,
    {
      onRequest,
      config: manageStaff,
      schema: {
        body: staffInvitationRequestSchema,
        response: { 201: staffInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, name, role, courseId } = request.body;
      if (await isStaffEmail(db, email)) throw new HttpError(409, staffMessages.alreadyStaff);
      const { token, hash } = newResetToken();
      const expiresAt = new Date(now().getTime() + INVITATION_DAYS * 86_400_000);
      const invitedBy = request.actor?.id ?? '';
      await insertInvitation(db, {
        email,
        name,
        role,
        courseId,
        tokenHash: hash,
        invitedBy,
        expiresAt,
      });
      const link = `${config.publicUrl}${invitationPagePath}#${token}`;
      const mail = invitationEmail({
        to: email,
        role,
        invitedBy: request.actor?.email ?? 'An owner',
        link,
        validDays: INVITATION_DAYS,
      });
      reply.code(201);
      const answer = { expiresAt: expiresAt.toISOString() };
      // Without an SMTP server the mail only reaches the outbox folder: the owner hands it over.
      if (mailer.kind === 'smtp') {
        try {
          await mailer.send(mail);
          return { ...answer, message: staffMessages.invitationSent };
        } catch (error) {
          request.log.warn({ err: error }, 'invitation mail not sent; the link is shown instead');
        }
      } else {
        await mailer.send(mail);
      }
      return { ...answer, message: staffMessages.invitationReady, link };
    },
  );

  app.put(
    staffMemberRoute,
    {
      onRequest,
      config: manageStaff,
      schema: {
        params: staffParamsSchema,
        body: staffUpdateRequestSchema,
        response: { 200: staffUpdateResponseSchema },
      },
    },
    async (request) => {
      const { staffId } = request.params;
      const outcome = await updateStaff(db, staffId, request.body, now());
      if (outcome === 'missing') throw new HttpError(404, staffMessages.staffNotFound);
      if (outcome === 'last-owner') throw new HttpError(409, staffMessages.lastOwner);
      // Every session of theirs ends: they sign in again under their new rights (or cannot).
      await versions.revokeAll('admin', { id: staffId });
      const [member] = await listStaff(db, staffId);
      if (!member) throw new HttpError(404, staffMessages.staffNotFound);
      return { message: staffMessages.staffUpdated, member };
    },
  );

  app.post(
    acceptInvitationPath,
    {
      schema: {
        body: acceptInvitationRequestSchema,
        response: { 200: adminLoginResponseSchema },
      },
    },
    async (request) => {
      const { token, name, password } = request.body;
      const outcome = await acceptInvitation(db, {
        tokenHash: hashResetToken(token),
        name,
        passwordHash: await hashPassword(password),
        now: now(),
      });
      if (!outcome.ok) {
        const [status, message] = acceptProblems[outcome.problem];
        throw new HttpError(status, message);
      }
      const admin = await findAdminById(db, outcome.adminId);
      if (!admin) throw new HttpError(401, messages.unauthorized);
      return adminSession(tokens, admin);
    },
  );
};
