/**
 * The students list and the filter options of the teacher's tables (issue 12), admin only.
 * Deleting a student stays DELETE /api/user/deleteUser/{email} (users/user-admin-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  studentFilterOptionsPath,
  studentFilterOptionsResponseSchema,
  studentsPath,
  studentsQuerySchema,
  studentsResponseSchema,
} from '../../contract/results.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { visibleCourses } from '../auth/course-scope.ts';
import { decodeCursor, encodeCursor } from './keyset.ts';
import { countStudents, readFilterOptions, readStudentsPage } from './students-queries.ts';

type Deps = { db: Db; guards: Guards };

export const studentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    studentsPath,
    {
      onRequest: guards.staff,
      config: { action: 'students.read' },
      schema: { querystring: studentsQuerySchema, response: { 200: studentsResponseSchema } },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      const after = cursor ? decodeCursor(cursor, filters.sort, filters.dir) : undefined;
      const visible = visibleCourses(request.actor);
      const [page, total] = await Promise.all([
        readStudentsPage(db, filters, after, limit, visible),
        countStudents(db, filters, visible),
      ]);
      return {
        total,
        rows: page.rows,
        nextCursor: page.next ? encodeCursor(page.next) : null,
        generatedAt: new Date().toISOString(),
      };
    },
  );

  app.get(
    studentFilterOptionsPath,
    {
      onRequest: guards.staff,
      config: { action: 'students.read' },
      schema: { response: { 200: studentFilterOptionsResponseSchema } },
    },
    async () => readFilterOptions(db),
  );
};
