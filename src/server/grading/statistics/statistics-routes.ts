/**
 * Per-test statistics of a challenge or of one slot of an exam (contract/grading-statistics.ts),
 * staff only. The course is checked before the handler runs (course-scope.ts, from the
 * `challengeId` or `examCode` in the path), as for the Results calls these sit beside; a section
 * filter must be one of that course's sections. Three reads: what the call names (with its
 * course), the challenges' tests, and the one statistics query.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examMessages } from '../../../contract/exams.ts';
import {
  challengeStatisticsParamsSchema,
  challengeStatisticsRoute,
  examSlotStatisticsParamsSchema,
  examSlotStatisticsRoute,
  statisticsMessages,
  statisticsQuerySchema,
  statisticsResponseSchema,
} from '../../../contract/grading-statistics.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/connection.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { HttpError } from '../../http-error.ts';
import { challengeInCourseOr404 } from '../../results/results-routes.ts';
import { checkSection, readCourse } from '../../results/section-columns.ts';
import { assembleStatistics } from './assemble-statistics.ts';
import {
  challengePopulation,
  examSlotPopulation,
  readExamSlot,
  readStatisticsChallenges,
  readStatisticsRows,
} from './statistics-queries.ts';

type Deps = { db: Db; guards: Guards };

export const statisticsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    challengeStatisticsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: challengeStatisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsResponseSchema },
      },
    },
    async (request, reply) => {
      const { sectionId } = request.query;
      const { challenge, course } = await challengeInCourseOr404(
        db,
        request.params.challengeId,
        sectionId,
      );
      const [challenges, rows] = await Promise.all([
        readStatisticsChallenges(db, [challenge.challengeId]),
        readStatisticsRows(db, challengePopulation(challenge, sectionId)),
      ]);
      // Students' outputs are in the answer: kept out of shared caches.
      reply.header('cache-control', 'private, no-store');
      return {
        title: challenge.challengeName,
        ...(course ? { course } : {}),
        challenges: assembleStatistics(challenges, rows),
      };
    },
  );

  app.get(
    examSlotStatisticsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: examSlotStatisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsResponseSchema },
      },
    },
    async (request, reply) => {
      const { examCode, slot } = request.params;
      const { sectionId } = request.query;
      const exam = await findExamByCode(db, examCode);
      if (!exam) throw new HttpError(404, examMessages.examNotFound);
      const [course, found] = await Promise.all([
        readCourse(db, exam.courseId),
        readExamSlot(db, exam.sittingId, slot),
      ]);
      checkSection(course, sectionId);
      if (!found) throw new HttpError(404, statisticsMessages.slotNotFound);
      const [challenges, rows] = await Promise.all([
        readStatisticsChallenges(db, found.challengeIds),
        readStatisticsRows(db, examSlotPopulation(exam, found.id, sectionId)),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        title: exam.title,
        exam: { examCode: exam.code, title: exam.title, slot },
        ...(course ? { course } : {}),
        challenges: assembleStatistics(challenges, rows),
      };
    },
  );
};
