/**
 * The results domain (issue 12): the teacher's results table, a student's submissions, the
 * exports and the students list, registered together. It reads submissions; it never judges.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { exportRoutes } from './export-routes.ts';
import { resultsRoutes } from './results-routes.ts';
import { studentsRoutes } from './students-routes.ts';

type Deps = { db: Db; guards: Guards; timeZone: string };

export const teacherResultsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  await app.register(resultsRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(studentsRoutes, deps);
};
