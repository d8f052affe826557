/**
 * GET /api/admin/signals/{challengeId}/students/{userId}[?examCode=]: a student's exam events on
 * the challenge alone, or on it as a problem of that exam; admin only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examCodeQuerySchema, examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import {
  signalTimelineParamsSchema,
  signalTimelinePath,
  signalTimelineSchema,
} from '../../../contract/signals.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/connection.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { HttpError } from '../../http-error.ts';
import { ownSittingOf } from '../../sittings/sitting-queries.ts';
import { readTimeline } from './timeline-queries.ts';

type Deps = { db: Db; guards: Guards };

export const signalTimelineRoute: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    signalTimelinePath,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: signalTimelineParamsSchema,
        // `?examCode=`: the events recorded under that exam (contract/exams.ts).
        querystring: examCodeQuerySchema,
        response: { 200: signalTimelineSchema },
      },
    },
    async (request) => {
      const { challengeId, userId } = request.params;
      const { examCode } = request.query;
      const exam = examCode === undefined ? undefined : await findExamByCode(db, examCode);
      if (examCode !== undefined && !exam) throw new HttpError(404, examMessages.examNotFound);
      const sitting = exam ? sql`${exam.sittingId}::uuid` : ownSittingOf(challengeId);
      const timeline = await readTimeline(db, challengeId, userId.toLowerCase(), sitting);
      if (!timeline) throw new HttpError(404, messages.studentOrChallengeNotFound);
      return timeline;
    },
  );
};
