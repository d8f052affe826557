/**
 * PUT /api/admin/challenges/:challengeId/course and PUT /api/admin/exams/:examCode/course
 * (contract/course-moves.ts): a challenge or an exam goes to another course. The course check
 * (course-scope.ts, run before the handler on everything the call names) asks the policy for the
 * route's action on both the thing's course and the course in the body: a teacher of only one of
 * them is refused as for anything else of a course they have no part in, an assistant 403.
 * The audit log keeps each move's course from → to (audit-before.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeCourseRoute,
  courseMoveRequestSchema,
  courseMoveResponseSchema,
  examCourseRoute,
} from '../../contract/course-moves.ts';
import { examCodeParamsSchema } from '../../contract/exams.ts';
import { challengeLifecycleParamsSchema } from '../../contract/sittings.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { moveChallenge, moveExam } from './course-moves.ts';

type Deps = { db: Db; guards: Guards };

export const courseMoveRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  const response = { 200: courseMoveResponseSchema };
  app.put(
    challengeCourseRoute,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      schema: { params: challengeLifecycleParamsSchema, body: courseMoveRequestSchema, response },
    },
    async (request) => moveChallenge(db, request.params.challengeId, request.body.courseId),
  );
  app.put(
    examCourseRoute,
    {
      onRequest: guards.staff,
      config: { action: 'exam.write' },
      schema: { params: examCodeParamsSchema, body: courseMoveRequestSchema, response },
    },
    async (request) => moveExam(db, request.actor, request.params.examCode, request.body.courseId),
  );
};
