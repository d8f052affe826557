/** GET /api/health: for load balancers, the start script and the benchmarks. */
import { z } from 'zod';

/** What the judge can do on this machine (issue 5): the sandbox, cgroups and whether it runs code. */
export const judgeHealthSchema = z.object({
  sandbox: z.enum(['bwrap', 'none']),
  cgroups: z.enum(['v1', 'v2', 'none']),
  /** True when student code may run: the sandbox is complete, or its gaps were accepted. */
  ready: z.boolean(),
  degraded: z.boolean(),
  languages: z.object({
    javascript: z.boolean(),
    python: z.boolean(),
    java: z.boolean(),
    c: z.boolean(),
    cpp: z.boolean(),
  }),
  problems: z.array(z.string()),
  /** Submissions waiting and being judged, and judge worker processes alive (issue 13). */
  queue: z.object({
    running: z.number().int(),
    waiting: z.number().int(),
    workers: z.number().int(),
  }),
});
export type JudgeHealth = z.infer<typeof judgeHealthSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  judge: judgeHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthPath = '/api/health';
