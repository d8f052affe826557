/**
 * The teacher's exam calls (contract/exams.ts), staff only through the one guard index.ts passes
 * (`staff`): list, create, read, update (slots replaced in the same transaction; draws kept),
 * delete (refused once anyone submitted: archive instead), archive and unarchive, the lifecycle
 * (publish, back to draft, stop now, reopen: sittings/lifecycle-transition.ts) and the preview.
 * Methods: GET and POST examsPath; GET, PUT and DELETE examRoute; POST examArchiveRoute;
 * POST examLifecycleRoute; GET examPreviewRoute.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  examArchiveRequestSchema,
  examArchiveRoute,
  examCodeParamsSchema,
  examLifecycleRoute,
  examDeletedResponseSchema,
  examInputSchema,
  examListResponseSchema,
  examMessages,
  examPreviewRoute,
  examPreviewSchema,
  examResponseSchema,
  examRoute,
  examsPath,
} from '../../contract/exams.ts';
import { lifecycleRequestSchema, sittingStateSchema } from '../../contract/sittings.ts';
import type { Guard } from '../auth/guards.ts';
import { courseForNew, visibleCourses } from '../auth/course-scope.ts';
import { HttpError } from '../http-error.ts';
import { applyLifecycleAction } from '../sittings/lifecycle-transition.ts';
import { findSitting } from '../sittings/sitting-queries.ts';
import { findExamByCode, listExams, readExam } from './exam-queries.ts';
import { archiveExam, createExam, deleteExam, updateExam } from './exam-writes.ts';
import { previewExam, type StudentExamDeps } from './student-exam.ts';

type Deps = StudentExamDeps & { staff: Guard };

export const examAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, staff, timeZone } = deps;

  /** The exam as stored now (after a rename, by its new code). */
  async function readByCode(code: string) {
    const exam = await findExamByCode(db, code);
    if (!exam) throw new HttpError(404, examMessages.examNotFound);
    return readExam(db, exam, timeZone);
  }

  app.get(
    examsPath,
    {
      onRequest: staff,
      config: { action: 'exam.read' },
      schema: { response: { 200: examListResponseSchema } },
    },
    async (request) => ({
      exams: await listExams(db, timeZone, visibleCourses(request.actor)),
    }),
  );

  app.post(
    examsPath,
    {
      onRequest: staff,
      config: { action: 'exam.write' },
      schema: { body: examInputSchema, response: { 200: examResponseSchema } },
    },
    async (request) => {
      const courseId = await courseForNew(db, request.actor, request.body.courseId, 'exam.write');
      await createExam(db, request.body, { courseId, visible: visibleCourses(request.actor) });
      return { exam: await readByCode(request.body.examCode) };
    },
  );

  app.get(
    examRoute,
    {
      onRequest: staff,
      config: { action: 'exam.read' },
      schema: { params: examCodeParamsSchema, response: { 200: examResponseSchema } },
    },
    async (request) => ({ exam: await readByCode(request.params.examCode) }),
  );

  app.put(
    examRoute,
    {
      onRequest: staff,
      config: { action: 'exam.write' },
      schema: {
        params: examCodeParamsSchema,
        body: examInputSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => {
      const visible = visibleCourses(request.actor);
      await updateExam(db, request.params.examCode, request.body, visible);
      return { exam: await readByCode(request.body.examCode) };
    },
  );

  app.delete(
    examRoute,
    {
      onRequest: staff,
      config: { action: 'exam.write' },
      schema: { params: examCodeParamsSchema, response: { 200: examDeletedResponseSchema } },
    },
    async (request) => ({
      examDeleted: await deleteExam(db, request.params.examCode, timeZone),
    }),
  );

  app.post(
    examArchiveRoute,
    {
      onRequest: staff,
      config: { action: 'exam.write' },
      schema: {
        params: examCodeParamsSchema,
        body: examArchiveRequestSchema,
        response: { 200: examResponseSchema },
      },
    },
    async (request) => {
      await archiveExam(db, request.params.examCode, request.body.archived);
      return { exam: await readByCode(request.params.examCode) };
    },
  );

  app.post(
    examLifecycleRoute,
    {
      onRequest: staff,
      config: { action: 'sitting.control' },
      schema: {
        params: examCodeParamsSchema,
        body: lifecycleRequestSchema,
        response: { 200: sittingStateSchema },
      },
    },
    async (request) => {
      const exam = await findExamByCode(db, request.params.examCode);
      const sitting = exam && (await findSitting(db, exam.sittingId));
      const state =
        sitting &&
        (await applyLifecycleAction(db, deps.feed, sitting, request.body.action, deps.now()));
      if (!state) throw new HttpError(404, examMessages.examNotFound);
      return state;
    },
  );

  app.get(
    examPreviewRoute,
    {
      onRequest: staff,
      config: { action: 'exam.read' },
      schema: { params: examCodeParamsSchema, response: { 200: examPreviewSchema } },
    },
    async (request) => previewExam(deps, request.params.examCode),
  );
};
