/**
 * One-time passwords (issue 33, accounts without mail): staff of a student's course set a
 * generated password that the student types at the spec's login and must replace at once, for
 * one student or for a whole section at a time as a printed sheet of slips. It is stored hashed
 * like every password and expires; the login answers it with `mustChangePassword` and a token
 * good only for choosing the new password (PUT choosePasswordPath), never for the test.
 */
import { z } from 'zod';
import { resetPasswordRequestSchema } from './password-reset.ts';
import { userSessionSchema } from './session.ts';

/** Days a one-time password works: a class may meet once a week. */
export const ONE_TIME_PASSWORD_DAYS = 7;
/** Minutes the login's password-change token lasts: the student is at the keyboard. */
export const PASSWORD_CHANGE_MINUTES = 15;
/** The most slips one sheet makes: a large lecture's section, well under a printer's day. */
export const MAX_SHEET_STUDENTS = 400;

/**
 * Letters and digits a reader cannot confuse on paper (no 0/o, 1/l/i), lower case so no Shift
 * is needed; two groups of five joined by a hyphen, typed as printed. 31^10 is about 2^49.5: far
 * more than the login's throttle lets anyone guess in a week.
 */
export const ONE_TIME_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ONE_TIME_PASSWORD_GROUP = 5;
export const ONE_TIME_PASSWORD_PATTERN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

export const oneTimePasswordMessages = {
  expired: 'This one-time password has expired: ask your teacher for a new one.',
  changeExpired: 'This sign-in has expired: sign in again with your one-time password.',
  changeUsed:
    'This one-time password was already replaced: sign in with the password you chose, or ask your teacher for a new one.',
  passwordSet: 'One-time password set: give it to the student',
  sheetReady: 'One-time passwords made: print the sheet now, they are shown only once',
  noStudents: 'No student of this course or section needs a one-time password.',
  tooManyStudents: `A sheet holds at most ${MAX_SHEET_STUDENTS} students: choose a section.`,
  invalidScope: 'Choose whose one-time passwords to make: unclaimed or all.',
  invalidSection: 'No such section in this course.',
  passwordChosen: 'Password updated successfully',
} as const;

/** Whose passwords a sheet makes: those who never chose a password (the default), or all. */
export const SHEET_SCOPES = ['unclaimed', 'all'] as const;
export type SheetScope = (typeof SHEET_SCOPES)[number];

export const oneTimePasswordResponseSchema = z.object({
  message: z.string(),
  name: z.string(),
  email: z.string(),
  password: z.string(),
  expiresAt: z.string(),
});
export type OneTimePasswordResponse = z.infer<typeof oneTimePasswordResponseSchema>;

export const sheetRequestSchema = z
  .object({
    students: z.enum(SHEET_SCOPES, { error: oneTimePasswordMessages.invalidScope }),
    /** A section of the course; absent or null: every student of the course. */
    sectionId: z.uuid({ error: oneTimePasswordMessages.invalidSection }).nullish(),
  })
  .strict();
export type SheetRequest = z.input<typeof sheetRequestSchema>;

export const sheetSlipSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  studentNumber: z.string().nullable(),
  section: z.string().nullable(),
  password: z.string(),
});
export type SheetSlip = z.infer<typeof sheetSlipSchema>;

export const sheetResponseSchema = z.object({
  message: z.string(),
  course: z.object({ code: z.string(), title: z.string() }),
  section: z.string().nullable(),
  /** Where students sign in: the portal's public address. */
  portalUrl: z.string(),
  expiresAt: z.string(),
  slips: z.array(sheetSlipSchema),
});
export type SheetResponse = z.infer<typeof sheetResponseSchema>;

/** The student's new password (the reset page's rule) and the login's change token. */
export const choosePasswordRequestSchema = z.object(
  {
    password: resetPasswordRequestSchema.shape.password,
    token: z
      .string({ error: oneTimePasswordMessages.changeExpired })
      .min(1, { error: oneTimePasswordMessages.changeExpired })
      .max(2000, { error: oneTimePasswordMessages.changeExpired }),
  },
  { error: oneTimePasswordMessages.changeExpired },
);
export type ChoosePasswordRequest = z.input<typeof choosePasswordRequestSchema>;
export const choosePasswordResponseSchema = userSessionSchema;

export const oneTimePasswordRoute = '/api/admin/students/:studentId/one-time-password';
export const oneTimePasswordPath = (studentId: string) =>
  `/api/admin/students/${encodeURIComponent(studentId)}/one-time-password`;
export const sheetRoute = '/api/admin/courses/:courseId/one-time-passwords';
export const sheetPath = (courseId: string) =>
  `/api/admin/courses/${encodeURIComponent(courseId)}/one-time-passwords`;
export const choosePasswordPath = '/api/user/choosePassword';
/** The page a student is sent to after signing in with a one-time password. */
export const choosePasswordPagePath = '/choose-password';
