/**
 * GET /api/health: for load balancers and the start script, only whether this server can serve
 * (issue 15 item 11); GET /api/admin/health: the details, for an administrator.
 */
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

/** `degraded` (HTTP 503): the judge cannot run code here, so Run and Submit are refused. */
export const healthStatusSchema = z.enum(['ok', 'degraded']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** What anyone gets: nothing about the machine, its paths or its queue. */
export const healthResponseSchema = z.object({ status: healthStatusSchema });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthPath = '/api/health';

/** The administrator's view: the database, the version and what the judge can do, checked now. */
export const adminHealthResponseSchema = z.object({
  status: healthStatusSchema,
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  judge: judgeHealthSchema,
});
export type AdminHealthResponse = z.infer<typeof adminHealthResponseSchema>;

export const adminHealthPath = '/api/admin/health';
