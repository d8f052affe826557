/** GET /api/health: answers once the database answers, with what the judge can do here. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthPath, healthResponseSchema } from '../../contract/health.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import { queueCounts } from '../submissions/queue-stats.ts';

export const healthRoute: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
  judge: JudgeService;
}> = async (app, { database, version, judge }) => {
  app.get(healthPath, { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await database.db.execute(sql`select 1`);
    const caps = await judge.capabilities();
    // Only counts here: who is waiting and which workers run is for the administrator.
    const queue = await queueCounts(database);
    return {
      status: 'ok' as const,
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
  });
};
