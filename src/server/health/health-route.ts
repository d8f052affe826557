/**
 * GET /api/health answers anyone with only {status}: 'ok' (200) once the database answers, or
 * 'degraded' (503, so a load balancer sends students elsewhere) while the judge cannot run code.
 * GET /api/admin/health gives an administrator the details (issue 15 item 11), probed afresh.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminHealthPath,
  adminHealthResponseSchema,
  healthPath,
  healthResponseSchema,
} from '../../contract/health.ts';
import type { Guards } from '../auth/guards.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { queueCounts } from '../submissions/queue-stats.ts';
import type { JudgeReadiness } from './judge-readiness.ts';

/** The details reuse a probe this recent (a probe runs a test program in the sandbox). */
const ADMIN_VIEW_PROBE_MAX_AGE_MS = 5000;

export const healthRoute: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
  readiness: JudgeReadiness;
  guards: Guards;
}> = async (app, { database, version, readiness, guards }) => {
  app.get(
    healthPath,
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      await database.db.execute(sql`select 1`);
      if ((await readiness.current()).ready) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'degraded' as const });
    },
  );

  app.get(
    adminHealthPath,
    {
      onRequest: guards.staff,
      config: { action: 'operations.read' },
      schema: { response: { 200: adminHealthResponseSchema } },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      const caps = await readiness.recheck(ADMIN_VIEW_PROBE_MAX_AGE_MS);
      const queue = await queueCounts(database);
      return {
        status: caps.ready ? ('ok' as const) : ('degraded' as const),
        database: database.kind,
        version,
        judge: {
          sandbox: caps.sandbox,
          cgroups: caps.cgroups,
          ready: caps.ready,
          degraded: caps.degraded,
          languages: caps.languages,
          problems: caps.problems,
          queue,
        },
      };
    },
  );
};
