/**
 * The compiler page's address: /compiler/{challengeId}?appKey=…&token=… (DESIGN.md §5). Missing
 * values become empty strings, which the server answers with a clear message.
 */
import { z } from 'zod';

export const compilerSearchSchema = z.object({
  appKey: z.string().catch(''),
  token: z.string().catch(''),
});
