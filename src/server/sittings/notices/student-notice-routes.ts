/**
 * The student's notices calls (contract/notices.ts): what they may read, and asking a question.
 * From the exam screen with the session token (`guards.student`); from the compiler page of a
 * challenge on its own with its compiler token (`compilerNoticeRoutes`, registered beside the
 * other compiler calls, behind their guard): that page holds no session token by design, since an
 * external compiler provider may serve it instead. Both reach a sitting only if the student can
 * see it (notice-sittings.ts).
 */
import { gateFor, type CheckAccess } from '../access/check-access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { challengeIdParamsSchema } from '../../../contract/compiler.ts';
import { examCodeParamsSchema } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import {
  compilerNoticesRoute,
  noticeCreatedSchema,
  questionRequestSchema,
  studentExamNoticesRoute,
  studentNoticesSchema,
} from '../../../contract/notices.ts';
import type { Guards } from '../../auth/guards.ts';
import { compilerUser, type CompilerGuard } from '../../compiler/compiler-guard.ts';
import { HttpError } from '../../http-error.ts';
import { askQuestion, type NoticeDeps } from './notice-actions.ts';
import { readStudentNotices } from './notice-queries.ts';
import { studentChallengeSitting, studentExamSitting } from './notice-sittings.ts';

/** A student's calls pass the sitting's access rules, as every other call of the sitting. */
export type StudentNoticeDeps = NoticeDeps & { checkAccess: CheckAccess };

const studentOf = (auth: { sub: string } | null) => {
  if (!auth) throw new HttpError(401, messages.unauthorized);
  return auth.sub;
};

export const studentNoticeRoutes: FastifyPluginAsyncZod<
  StudentNoticeDeps & { guards: Guards }
> = async (app, deps) => {
  const { db, guards } = deps;
  app.get(
    studentExamNoticesRoute,
    {
      onRequest: guards.student,
      schema: { params: examCodeParamsSchema, response: { 200: studentNoticesSchema } },
    },
    async (request) => {
      const userId = studentOf(request.auth);
      const sitting = await studentExamSitting(
        db,
        request.params.examCode,
        userId,
        gateFor(deps.checkAccess, request),
      );
      return readStudentNotices(db, sitting.sittingId, userId);
    },
  );
  app.post(
    studentExamNoticesRoute,
    {
      onRequest: guards.student,
      schema: {
        params: examCodeParamsSchema,
        body: questionRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) => {
      const userId = studentOf(request.auth);
      const sitting = await studentExamSitting(
        db,
        request.params.examCode,
        userId,
        gateFor(deps.checkAccess, request),
      );
      return askQuestion(deps, sitting, userId, request.body);
    },
  );
};

export const compilerNoticeRoutes: FastifyPluginAsyncZod<
  StudentNoticeDeps & { guard: CompilerGuard }
> = async (app, deps) => {
  const { db, guard } = deps;
  app.get(
    compilerNoticesRoute,
    {
      onRequest: guard,
      schema: { params: challengeIdParamsSchema, response: { 200: studentNoticesSchema } },
    },
    async (request) => {
      const userId = compilerUser(request).sub;
      const sitting = await studentChallengeSitting(
        db,
        request.params.challengeId,
        gateFor(deps.checkAccess, request),
      );
      return readStudentNotices(db, sitting.sittingId, userId);
    },
  );
  app.post(
    compilerNoticesRoute,
    {
      onRequest: guard,
      schema: {
        params: challengeIdParamsSchema,
        body: questionRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) => {
      const userId = compilerUser(request).sub;
      const sitting = await studentChallengeSitting(
        db,
        request.params.challengeId,
        gateFor(deps.checkAccess, request),
      );
      return askQuestion(deps, sitting, userId, request.body);
    },
  );
};
