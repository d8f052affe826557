/** GET /api/health: for load balancers, the start script and the benchmarks. */
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthPath = '/api/health';
