/**
 * Accounts without mail (issue 33): for a roster student who has not chosen a password yet,
 * staff can get the activation link to show or copy (and have it mailed again), to hand over in a
 * lab where no mail arrives. A new link replaces the student's earlier ones.
 */
import { z } from 'zod';

/** Days a link given by staff works: a class may meet once a week. */
export const STAFF_ACTIVATION_DAYS = 7;

export const credentialMessages = {
  invalidStudentId: 'A student id is a UUID.',
  studentNotFound: 'No such student.',
  alreadyClaimed:
    'This student has already chosen a password: they can reset it from the sign-in page.',
  linkReady: 'Activation link made: give it to the student',
  linkSent: 'Activation link made and mailed to the student',
} as const;

export const studentCredentialParamsSchema = z.object({
  studentId: z.uuid({ error: credentialMessages.invalidStudentId }),
});
export const activationLinkRequestSchema = z
  .object({ send: z.boolean({ error: credentialMessages.invalidStudentId }).default(false) })
  .strict()
  .default({ send: false });
export const activationLinkResponseSchema = z.object({
  message: z.string(),
  link: z.string(),
  expiresAt: z.string(),
  mailed: z.boolean(),
});
export type ActivationLinkResponse = z.infer<typeof activationLinkResponseSchema>;

export const activationLinkRoute = '/api/admin/students/:studentId/activation-link';
export const activationLinkPath = (studentId: string) =>
  `/api/admin/students/${encodeURIComponent(studentId)}/activation-link`;
