/** The body of every failed API call (DESIGN.md §3). */
import { z } from 'zod';

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
