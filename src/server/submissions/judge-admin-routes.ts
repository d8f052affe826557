/** Admin-only: the judge queue's status, and re-judging a submission or a whole challenge. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  judgeStatusPath,
  judgeStatusQuerySchema,
  judgeStatusSchema,
  rejudgePath,
  rejudgeRequestSchema,
  rejudgeResponseSchema,
} from '../../contract/judge-queue.ts';
import { messages } from '../../contract/messages.ts';
import type { Guards } from '../auth/guards.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { queueStatus } from './queue-stats.ts';
import { rejudge } from './rejudge.ts';

type Deps = {
  database: DatabaseHandle;
  guards: Guards;
  queue: JobQueue;
  feed: ChangeFeed;
  leaseMarginSeconds: number;
  checkerTimeLimitMs?: number;
};

export const judgeAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { database, guards } = deps;

  app.get(
    judgeStatusPath,
    {
      onRequest: guards.staff,
      config: { action: 'operations.read' },
      schema: { querystring: judgeStatusQuerySchema, response: { 200: judgeStatusSchema } },
    },
    async (request) => queueStatus(database, request.query.challengeId),
  );

  app.post(
    rejudgePath,
    {
      onRequest: guards.staff,
      config: { action: 'judge.rejudge' },
      schema: { body: rejudgeRequestSchema, response: { 200: rejudgeResponseSchema } },
    },
    async (request) => {
      const outcome = await rejudge(database, deps, request.body);
      if (outcome.queued === 0) throw new HttpError(404, messages.rejudgeNothing);
      // Workers elsewhere hear it through the feed; this process's workers are woken directly.
      deps.queue.wake();
      await deps.feed
        .publish({
          type: 'submission',
          submissionId: '',
          userId: '',
          challengeId: 'challengeId' in request.body ? request.body.challengeId : '',
          status: 'queued',
        })
        .catch(() => undefined);
      return {
        message: messages.rejudgeQueued
          .replace('{count}', String(outcome.queued))
          .replace('{students}', String(outcome.students)),
        ...outcome,
      };
    },
  );
};
