/**
 * The student's exam calls (contract/exams.ts), each with the student's session token: step 2's
 * lookup of a typed test code (GET testCodeRoute), the exam screen's open and finish (POST), and
 * its timer followed live (GET studentExamTimerRoute, a long poll).
 * They never reveal hidden tests, another student's draw or another slot's pool.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  examCodeParamsSchema,
  studentExamFinishRoute,
  studentExamOpenRoute,
  studentExamSchema,
  studentExamTimerRoute,
  testCodeParamsSchema,
  testCodeResponseSchema,
  testCodeRoute,
} from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import { examTimerQuerySchema } from '../../contract/proctor.ts';
import { sittingTimerSchema } from '../../contract/sittings.ts';
import type { Guards } from '../auth/guards.ts';
import { HttpError } from '../http-error.ts';
import {
  finishStudentExam,
  followExamTimer,
  openStudentExam,
  type StudentExamDeps,
} from './student-exam.ts';
import { lookupTestCode } from './test-codes.ts';
import { gateFor, type CheckAccess } from '../sittings/access/check-access.ts';

/** `checkAccess`: the sitting's access rules, checked wherever an exam call resolves its exam. */
type Deps = StudentExamDeps & { guards: Guards; checkAccess: CheckAccess };

export const studentExamRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards } = deps;
  const student = (auth: { sub: string } | null) => {
    if (!auth) throw new HttpError(401, messages.unauthorized);
    return auth.sub;
  };

  app.get(
    testCodeRoute,
    {
      onRequest: guards.student,
      schema: { params: testCodeParamsSchema, response: { 200: testCodeResponseSchema } },
    },
    async (request) => {
      student(request.auth);
      const found = await lookupTestCode(db, request.params.code);
      if (!found) throw new HttpError(404, messages.challengeNotFound);
      return found;
    },
  );

  app.post(
    studentExamOpenRoute,
    {
      onRequest: guards.student,
      schema: { params: examCodeParamsSchema, response: { 200: studentExamSchema } },
    },
    async (request) =>
      openStudentExam(
        deps,
        student(request.auth),
        request.params.examCode,
        gateFor(deps.checkAccess, request),
      ),
  );

  app.get(
    studentExamTimerRoute,
    {
      onRequest: guards.student,
      // A few bytes, asked for again after every answer: not worth compressing.
      compress: false,
      schema: {
        params: examCodeParamsSchema,
        querystring: examTimerQuerySchema,
        response: { 200: sittingTimerSchema },
      },
    },
    async (request, reply) =>
      followExamTimer(
        deps,
        student(request.auth),
        request.params.examCode,
        request.query,
        new Promise<void>((resolve) => reply.raw.once('close', resolve)),
        gateFor(deps.checkAccess, request),
      ),
  );

  app.post(
    studentExamFinishRoute,
    {
      onRequest: guards.student,
      schema: { params: examCodeParamsSchema, response: { 200: studentExamSchema } },
    },
    async (request) =>
      finishStudentExam(
        deps,
        student(request.auth),
        request.params.examCode,
        gateFor(deps.checkAccess, request),
      ),
  );
};
