/**
 * Teaching staff (issue 33): an owner invites teachers and assistants by email (the link is
 * mailed, and shown to the owner when the portal has no SMTP server), changes their roles and
 * deactivates accounts, which ends their sessions at once. The invitee sets their name and
 * password through the link and is signed in.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailSchema } from './auth.ts';
import { courseIdSchema, courseRoleSchema, staffRoleSchema, STAFF_ROLES } from './courses.ts';
import { messages } from './messages.ts';

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;

export const staffMessages = {
  invalidRole: 'Choose owner, teacher or assistant.',
  invalidInvitation: 'This invitation link is not valid. Ask for a new one.',
  invitationUsed: 'This invitation has already been accepted: sign in instead.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  alreadyStaff: 'This address already belongs to a staff member.',
  invitationSent: 'Invitation sent',
  invitationReady: 'Invitation made: give the link to the person invited',
  staffUpdated: 'Staff member updated',
  lastOwner: 'The portal needs at least one active owner.',
  staffNotFound: 'No such staff member.',
  invalidStaffId: 'A staff id is a UUID.',
  nothingToChange: 'Give a role or whether the account is active.',
  ownerInCourse: 'An owner acts in every course: invite them without a course.',
} as const;

export const staffInvitationRequestSchema = z
  .object(
    {
      email: emailSchema,
      name: z.string().trim().max(NAME_MAX_LENGTH, { error: messages.nameTooLong }).default(''),
      role: z.enum(STAFF_ROLES, { error: staffMessages.invalidRole }),
      /** A course they join at once, as its teacher or assistant (their role). */
      courseId: courseIdSchema.optional(),
    },
    { error: messages.enterAllDetails },
  )
  .strict()
  .refine((body) => body.role !== 'owner' || body.courseId === undefined, {
    error: staffMessages.ownerInCourse,
    path: ['courseId'],
  });
export type StaffInvitationRequest = z.input<typeof staffInvitationRequestSchema>;

export const staffInvitationResponseSchema = z.object({
  message: z.string(),
  /** Only when no mail could carry it (no SMTP server): the owner hands it over. */
  link: z.string().optional(),
  expiresAt: z.string(),
});

export const acceptInvitationRequestSchema = z
  .object(
    {
      token: z.string({ error: staffMessages.invalidInvitation }).min(1).max(200),
      name: z
        .string({ error: messages.enterAllDetails })
        .trim()
        .min(1, { error: messages.enterAllDetails })
        .max(NAME_MAX_LENGTH, { error: messages.nameTooLong }),
      password: z
        .string({ error: messages.enterAllDetails })
        .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
        .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong }),
    },
    { error: messages.enterAllDetails },
  )
  .strict();

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  courses: z.array(z.object({ courseId: z.string(), code: z.string(), role: courseRoleSchema })),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffInvitationSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});

export const staffUpdateRequestSchema = z
  .object(
    {
      role: z.enum(STAFF_ROLES, { error: staffMessages.invalidRole }).optional(),
      active: z.boolean({ error: staffMessages.nothingToChange }).optional(),
    },
    { error: staffMessages.nothingToChange },
  )
  .strict()
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    error: staffMessages.nothingToChange,
  });
export const staffParamsSchema = z.object({
  staffId: z.uuid({ error: staffMessages.invalidStaffId }),
});
export const staffUpdateResponseSchema = z.object({
  message: z.string(),
  member: staffMemberSchema,
});

/** Who the signed-in staff member is: the dashboard shows the owner's items to owners only. */
export const staffSelfSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  courses: z.array(z.object({ courseId: z.string(), role: courseRoleSchema })),
});
export type StaffSelf = z.infer<typeof staffSelfSchema>;

export const staffSelfPath = '/api/admin/me';
export const staffRoute = '/api/admin/staff';
export const staffInvitationsRoute = '/api/admin/staff/invitations';
export const staffMemberRoute = '/api/admin/staff/:staffId';
export const acceptInvitationPath = '/api/admin/acceptInvitation';
/** The page the mailed link opens; the token rides in the fragment, which no server logs. */
export const invitationPagePath = '/admin/invitation';
