/** POST /api/user/createResetPassword {email} (spec §7): asks for a reset link by email. */
import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const createResetPasswordRequestSchema = z.object({ email: emailSchema });
export type CreateResetPasswordRequest = z.input<typeof createResetPasswordRequestSchema>;

/** DESIGN.md §3: always `{message}`, whether or not the email exists. */
export const createResetPasswordResponseSchema = z.object({ message: z.string() });
export type CreateResetPasswordResponse = z.infer<typeof createResetPasswordResponseSchema>;

export const createResetPasswordPath = '/api/user/createResetPassword';
