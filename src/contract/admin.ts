/** Administrator sign-in and the user calls of the dashboard (DESIGN.md §3 additions). */
import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messages } from './messages.ts';

/**
 * Looser than a student's address on purpose: the generated first administrator is
 * admin@localhost, which has no domain dot.
 */
const adminEmailSchema = z
  .string({ error: messages.enterAllDetails })
  .trim()
  .min(1, { error: messages.enterAllDetails })
  .toLowerCase()
  .pipe(
    z
      .string()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+$/, { error: messages.invalidEmail }),
  );

export const adminLoginRequestSchema = z.object(
  {
    email: adminEmailSchema,
    password: z
      .string({ error: messages.enterAllDetails })
      .min(1, { error: messages.enterAllDetails })
      .max(128, { error: messages.passwordTooLong }),
  },
  { error: messages.enterAllDetails },
);
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

export const adminLoginResponseSchema = z.object({ token: z.string(), email: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const adminLoginPath = '/api/admin/login';

export const totalStudentCountResponseSchema = z.object({ totalUsers: z.number().int() });
export const totalStudentCountPath = '/api/admin/getTotalStudentCount';

export const deleteUserParamsSchema = z.object({ email: emailSchema });
export const deleteUserResponseSchema = z.object({ message: z.string() });
export const deleteUserPath = (email: string) =>
  `/api/user/deleteUser/${encodeURIComponent(email)}`;
