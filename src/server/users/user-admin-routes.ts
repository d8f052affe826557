/**
 * The administrator's user calls: DELETE /api/user/deleteUser/{email} (the student and, through
 * the foreign keys' cascades, all their attempts, submissions and reset tokens go in one
 * statement, so all or nothing) and GET /api/admin/getTotalStudentCount. A deleted student's
 * session and compiler tokens stop working at once, on every server process (auth/session-versions.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteUserParamsSchema,
  deleteUserResponseSchema,
  totalStudentCountPath,
  totalStudentCountResponseSchema,
} from '../../contract/admin.ts';
import { messages } from '../../contract/messages.ts';
import type { Guards } from '../auth/guards.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import { GONE } from '../auth/version-cache.ts';
import type { Db } from '../db/connection.ts';
import { users } from '../db/schema.ts';
import { studentsQuerySchema } from '../../contract/results.ts';
import { visibleCourses } from '../auth/course-scope.ts';
import { HttpError } from '../http-error.ts';
import { countStudents } from '../results/students-queries.ts';

type Deps = { db: Db; guards: Guards; versions: SessionVersions };

export const userAdminRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, versions },
) => {
  app.delete(
    '/api/user/deleteUser/:email',
    {
      onRequest: guards.staff,
      config: { action: 'user.delete' },
      schema: { params: deleteUserParamsSchema, response: { 200: deleteUserResponseSchema } },
    },
    async (request) => {
      const deleted = await db
        .delete(users)
        .where(eq(users.email, request.params.email))
        .returning({ id: users.id });
      if (deleted.length === 0) throw new HttpError(404, messages.userNotFound);
      for (const { id } of deleted) await versions.announce('student', id, GONE);
      return { message: messages.userDeleted };
    },
  );

  app.get(
    totalStudentCountPath,
    {
      onRequest: guards.staff,
      config: { action: 'students.read' },
      schema: { response: { 200: totalStudentCountResponseSchema } },
    },
    async (request) => {
      const visible = visibleCourses(request.actor);
      if (visible === 'all') return { totalUsers: await db.$count(users) };
      const { cursor: _cursor, limit: _limit, ...everyone } = studentsQuerySchema.parse({});
      return { totalUsers: await countStudents(db, everyone, visible) };
    },
  );
};
