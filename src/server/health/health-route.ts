/** GET /api/health: answers once the database answers. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthPath, healthResponseSchema } from '../../contract/health.ts';
import type { DatabaseHandle } from '../db/connection.ts';

export const healthRoute: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
}> = async (app, { database, version }) => {
  app.get(healthPath, { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind, version };
  });
};
