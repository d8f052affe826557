/**
 * POST /api/admin/challenges/:challengeId/lifecycle {action}: publish, unpublish, stop now and
 * reopen a challenge's sitting (contract/sittings.ts). Staff only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.ts';
import {
  challengeLifecycleParamsSchema,
  challengeLifecycleRoute,
  lifecycleRequestSchema,
  sittingStateSchema,
} from '../../contract/sittings.ts';
import type { Guards } from '../auth/guards.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { applyLifecycleAction } from './lifecycle-transition.ts';
import { challengeSitting } from './sitting-queries.ts';

type Deps = { db: Db; guards: Guards; feed: ChangeFeed; now: () => Date };

export const lifecycleRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, feed, now },
) => {
  app.post(
    challengeLifecycleRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.control' },
      schema: {
        params: challengeLifecycleParamsSchema,
        body: lifecycleRequestSchema,
        response: { 200: sittingStateSchema },
      },
    },
    async (request) => {
      const { challengeId } = request.params;
      if (!(await findChallenge(db, challengeId)))
        throw new HttpError(404, messages.challengeNotFound);
      const sitting = await challengeSitting(db, challengeId);
      const state = await applyLifecycleAction(db, feed, sitting, request.body.action, now());
      if (!state) throw new HttpError(404, messages.challengeNotFound);
      return state;
    },
  );
};
