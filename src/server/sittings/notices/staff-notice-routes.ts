/**
 * The staff's notices calls (contract/notices.ts), for a challenge's sitting and an exam's: the
 * list with every asker and the unanswered count, an announcement, an answer. Every one through
 * `guards.staff`. Drafts are allowed: staff may prepare what students will read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examCodeParamsSchema } from '../../../contract/exams.ts';
import {
  announcementRequestSchema,
  answerRequestSchema,
  challengeAnnouncementsRoute,
  challengeAnswerRoute,
  challengeNoticesRoute,
  examAnnouncementsRoute,
  examAnswerRoute,
  examNoticesRoute,
  noticeCreatedSchema,
  questionParamsSchema,
  staffNoticesSchema,
} from '../../../contract/notices.ts';
import { challengeLifecycleParamsSchema } from '../../../contract/sittings.ts';
import { messages } from '../../../contract/messages.ts';
import type { Guards } from '../../auth/guards.ts';
import { HttpError } from '../../http-error.ts';
import { answerQuestion, postAnnouncement, type NoticeDeps } from './notice-actions.ts';
import { readStaffNotices } from './notice-queries.ts';
import { staffChallengeSitting, staffExamSitting } from './notice-sittings.ts';

type Deps = NoticeDeps & { guards: Guards };

const challengeParams = challengeLifecycleParamsSchema;
const challengeQuestionParams = challengeLifecycleParamsSchema.extend(questionParamsSchema.shape);
const examQuestionParams = examCodeParamsSchema.extend(questionParamsSchema.shape);

/** Who wrote it, as staff see it: the signed-in staff member's address. */
function authorOf(auth: { email: string } | null): string {
  if (!auth) throw new HttpError(401, messages.unauthorized);
  return auth.email;
}

export const staffNoticeRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards } = deps;

  app.get(
    challengeNoticesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { params: challengeParams, response: { 200: staffNoticesSchema } },
    },
    async (request) =>
      readStaffNotices(db, await staffChallengeSitting(db, request.params.challengeId)),
  );
  app.post(
    challengeAnnouncementsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: challengeParams,
        body: announcementRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) =>
      postAnnouncement(
        deps,
        await staffChallengeSitting(db, request.params.challengeId),
        request.body.body,
        authorOf(request.auth),
      ),
  );
  app.post(
    challengeAnswerRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: challengeQuestionParams,
        body: answerRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) =>
      answerQuestion(
        deps,
        await staffChallengeSitting(db, request.params.challengeId),
        request.params.questionId,
        request.body,
        authorOf(request.auth),
      ),
  );

  app.get(
    examNoticesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { params: examCodeParamsSchema, response: { 200: staffNoticesSchema } },
    },
    async (request) => readStaffNotices(db, await staffExamSitting(db, request.params.examCode)),
  );
  app.post(
    examAnnouncementsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: examCodeParamsSchema,
        body: announcementRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) =>
      postAnnouncement(
        deps,
        await staffExamSitting(db, request.params.examCode),
        request.body.body,
        authorOf(request.auth),
      ),
  );
  app.post(
    examAnswerRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: examQuestionParams,
        body: answerRequestSchema,
        response: { 200: noticeCreatedSchema },
      },
    },
    async (request) =>
      answerQuestion(
        deps,
        await staffExamSitting(db, request.params.examCode),
        request.params.questionId,
        request.body,
        authorOf(request.auth),
      ),
  );
};
