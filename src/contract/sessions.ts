/**
 * Ending sessions on the server (issue 15 item 4), additions to the spec's calls:
 * - POST /api/user/logout (student or administrator, no body): ends every session and compiler
 *   token of the caller's account, on every device. The web app's Log Out and Logout call it.
 * - POST /api/admin/signOutStudent {email} (administrator): the same for one student.
 */
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messages } from './messages.ts';

export const logoutPath = '/api/user/logout';
export const signOutStudentPath = '/api/admin/signOutStudent';

export const signOutStudentRequestSchema = z.object(
  { email: emailSchema },
  { error: messages.enterAllDetails },
);
export type SignOutStudentRequest = z.input<typeof signOutStudentRequestSchema>;

export const sessionEndedResponseSchema = z.object({ message: z.string() });
export type SessionEndedResponse = z.infer<typeof sessionEndedResponseSchema>;
