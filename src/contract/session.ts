/** The student session the spec keeps in session storage (spec §3 "User session"). */
import { z } from 'zod';

export const userSessionSchema = z.object({
  name: z.string(),
  email: z.string(),
  id: z.string().min(1),
  token: z.string().min(1),
});
export type UserSession = z.infer<typeof userSessionSchema>;
