/**
 * The courses calls (issue 33, contract/courses.ts): list one's courses, create one (a teacher
 * who creates a course teaches it), change it, add sections, add and remove its staff. Which
 * course a call may touch is the policy's business (guards.staff, course-scope.ts): these
 * handlers only do the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseAnswerSchema,
  courseInputSchema,
  courseListSchema,
  courseMessages,
  courseParamsSchema,
  courseRoute,
  courseSectionsRoute,
  courseStaffInputSchema,
  courseStaffMemberRoute,
  courseStaffParamsSchema,
  courseStaffRoute,
  coursesRoute,
  sectionInputSchema,
} from '../../contract/courses.ts';
import { messages } from '../../contract/messages.ts';
import { visibleCourses } from '../auth/course-scope.ts';
import type { Actor } from '../auth/policy.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from '../http-error.ts';
import {
  deleteCourseStaff,
  insertCourse,
  insertSection,
  listCourses,
  putCourseStaff,
  activeStaff,
  updateCourse,
} from './course-queries.ts';

type Deps = { db: Db; guards: Guards };

function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new HttpError(401, messages.unauthorized);
  return request.actor;
}

export const courseRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  const onRequest = guards.staff;

  async function answer(actor: Actor, id: string, message: string) {
    const [course] = await listCourses(db, actor, 'all', id);
    if (!course) throw new HttpError(404, courseMessages.courseNotFound);
    return { message, course };
  }

  const refuseTaken = (error: unknown, message: string): never => {
    if (isUniqueViolation(error)) throw new HttpError(409, message);
    throw error;
  };

  app.get(
    coursesRoute,
    {
      onRequest,
      config: { action: 'course.list' },
      schema: { response: { 200: courseListSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      return { courses: await listCourses(db, actor, visibleCourses(actor)) };
    },
  );

  app.post(
    coursesRoute,
    {
      onRequest,
      config: { action: 'course.create' },
      schema: { body: courseInputSchema, response: { 201: courseAnswerSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Before the write: its audit entry, inserted in the write's transaction, keeps the code.
      reply.code(201);
      const id = await insertCourse(
        db,
        request.body,
        actor.role === 'owner' ? undefined : actor.id,
      ).catch((error: unknown) => refuseTaken(error, courseMessages.codeTaken));
      // The creator now teaches it: the answer reads it as they will from now on.
      const self: Actor =
        actor.role === 'owner'
          ? actor
          : { ...actor, courses: new Map([...actor.courses, [id, 'teacher']]) };
      return answer(self, id, courseMessages.courseCreated);
    },
  );

  app.get(
    courseRoute,
    {
      onRequest,
      config: { action: 'course.read' },
      schema: { params: courseParamsSchema, response: { 200: courseAnswerSchema } },
    },
    async (request) => answer(actorOf(request), request.params.courseId, ''),
  );

  app.put(
    courseRoute,
    {
      onRequest,
      config: { action: 'course.write' },
      schema: {
        params: courseParamsSchema,
        body: courseInputSchema,
        response: { 200: courseAnswerSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      const changed = await updateCourse(db, courseId, request.body).catch((error: unknown) =>
        refuseTaken(error, courseMessages.codeTaken),
      );
      if (!changed) throw new HttpError(404, courseMessages.courseNotFound);
      return answer(actorOf(request), courseId, courseMessages.courseUpdated);
    },
  );

  app.post(
    courseSectionsRoute,
    {
      onRequest,
      config: { action: 'course.write' },
      schema: {
        params: courseParamsSchema,
        body: sectionInputSchema,
        response: { 201: courseAnswerSchema },
      },
    },
    async (request, reply) => {
      const { courseId } = request.params;
      await answer(actorOf(request), courseId, '');
      await insertSection(db, courseId, request.body.name).catch((error: unknown) =>
        refuseTaken(error, courseMessages.sectionTaken),
      );
      reply.code(201);
      return answer(actorOf(request), courseId, courseMessages.sectionAdded);
    },
  );

  app.put(
    courseStaffRoute,
    {
      onRequest,
      config: { action: 'course.write' },
      schema: {
        params: courseParamsSchema,
        body: courseStaffInputSchema,
        response: { 200: courseAnswerSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      const { role } = request.body;
      await answer(actorOf(request), courseId, '');
      const member = await activeStaff(db, request.body);
      if (member === undefined) {
        const missing = request.body.staffEmail
          ? courseMessages.staffByEmailNotFound
          : courseMessages.staffNotFound;
        throw new HttpError(404, missing);
      }
      if (member.role === 'owner') throw new HttpError(400, courseMessages.ownerNeedsNoCourse);
      if (member.role === 'assistant' && role === 'teacher') {
        throw new HttpError(400, courseMessages.assistantCannotTeach);
      }
      await putCourseStaff(db, courseId, member.id, role);
      return answer(actorOf(request), courseId, courseMessages.staffAssigned);
    },
  );

  app.delete(
    courseStaffMemberRoute,
    {
      onRequest,
      config: { action: 'course.write' },
      schema: { params: courseStaffParamsSchema, response: { 200: courseAnswerSchema } },
    },
    async (request) => {
      const { courseId, staffId } = request.params;
      if (!(await deleteCourseStaff(db, courseId, staffId))) {
        throw new HttpError(404, courseMessages.staffNotFound);
      }
      return answer(actorOf(request), courseId, courseMessages.staffRemoved);
    },
  );
};
