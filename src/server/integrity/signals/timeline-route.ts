/** GET /api/admin/signals/{challengeId}/students/{userId}: a student's exam events, admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../contract/messages.ts';
import {
  signalTimelineParamsSchema,
  signalTimelinePath,
  signalTimelineSchema,
} from '../../../contract/signals.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { readTimeline } from './timeline-queries.ts';

type Deps = { db: Db; guards: Guards };

export const signalTimelineRoute: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    signalTimelinePath,
    {
      onRequest: guards.admin,
      schema: { params: signalTimelineParamsSchema, response: { 200: signalTimelineSchema } },
    },
    async (request) => {
      const { challengeId, userId } = request.params;
      const timeline = await readTimeline(db, challengeId, userId.toLowerCase());
      if (!timeline) throw new HttpError(404, messages.studentOrChallengeNotFound);
      return timeline;
    },
  );
};
