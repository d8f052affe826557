/**
 * Enrolment codes (contract/enrolment-codes.ts): a course's staff give it a code or turn it off
 * (action 'course.write'; the audit log records the call, never the code, which is not in its
 * input), and a signed-in student joins by typing one. The student's misses are counted like
 * failed sign-ins, per student and per address, under a scope of their own: a guesser with one
 * account, or many accounts behind one address, gets the tries a password guesser gets.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseAnswerSchema, courseMessages } from '../../contract/courses.ts';
import {
  courseEnrolmentCodeRoute,
  enrolmentCodeInputSchema,
  enrolmentCodeMessages,
  enrolmentCodeOf,
  enrolmentCodeParamsSchema,
  joinCourseAnswerSchema,
  joinCourseInputSchema,
  joinCourseRoute,
  joinedMessage,
} from '../../contract/enrolment-codes.ts';
import { messages } from '../../contract/messages.ts';
import type { AttemptLimiter } from '../auth/attempt-limits.ts';
import type { Guards } from '../auth/guards.ts';
import type { Actor } from '../auth/policy.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from '../http-error.ts';
import { listCourses } from './course-queries.ts';
import { newEnrolmentCode } from './enrolment-code.ts';
import {
  clearEnrolmentCode,
  joinByEnrolmentCode,
  setEnrolmentCode,
} from './enrolment-code-queries.ts';

type Deps = { db: Db; guards: Guards; limiter: AttemptLimiter };

/** A fresh code that another course holds is drawn again; five in a row would be a fault. */
const DRAWS = 5;

export const enrolmentCodeRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, limiter } = deps;

  async function answer(actor: Actor | null, courseId: string, message: string) {
    if (!actor) throw new HttpError(401, messages.unauthorized);
    const [course] = await listCourses(db, actor, 'all', courseId);
    if (!course) throw new HttpError(404, courseMessages.courseNotFound);
    return { message, course };
  }

  app.put(
    courseEnrolmentCodeRoute,
    {
      onRequest: guards.staff,
      config: { action: 'course.write' },
      schema: {
        params: enrolmentCodeParamsSchema,
        body: enrolmentCodeInputSchema,
        response: { 200: courseAnswerSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      await answer(request.actor, courseId, '');
      for (let draw = 1; ; draw++) {
        try {
          const set = await setEnrolmentCode(
            db,
            courseId,
            newEnrolmentCode(),
            request.body.sectionId,
          );
          if (!set) throw new HttpError(400, enrolmentCodeMessages.invalidSection);
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || draw >= DRAWS) throw error;
        }
      }
      return answer(request.actor, courseId, enrolmentCodeMessages.generated);
    },
  );

  app.delete(
    courseEnrolmentCodeRoute,
    {
      onRequest: guards.staff,
      config: { action: 'course.write' },
      schema: { params: enrolmentCodeParamsSchema, response: { 200: courseAnswerSchema } },
    },
    async (request) => {
      const { courseId } = request.params;
      if (!(await clearEnrolmentCode(db, courseId))) {
        throw new HttpError(404, courseMessages.courseNotFound);
      }
      return answer(request.actor, courseId, enrolmentCodeMessages.turnedOff);
    },
  );

  app.post(
    joinCourseRoute,
    {
      onRequest: guards.student,
      schema: { body: joinCourseInputSchema, response: { 200: joinCourseAnswerSchema } },
    },
    async (request) => {
      if (!request.auth) throw new HttpError(401, messages.unauthorized);
      const userId = request.auth.sub;
      const { retryAfter } = await limiter.check(userId, request.ip);
      if (retryAfter > 0) {
        throw new HttpError(429, messages.tooManyAttempts, { 'retry-after': String(retryAfter) });
      }
      const code = enrolmentCodeOf(request.body.code);
      const course = code === null ? undefined : await joinByEnrolmentCode(db, userId, code);
      if (!course) {
        await limiter.record(userId, request.ip);
        // The spec's answer for a code that names nothing, as the test-code lookup gives.
        throw new HttpError(404, messages.challengeNotFound);
      }
      return { message: joinedMessage(course), course };
    },
  );
};
