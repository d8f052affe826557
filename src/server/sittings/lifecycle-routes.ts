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
  sittingMessages,
  sittingStateSchema,
  type LifecycleAction,
} from '../../contract/sittings.ts';
import type { Guards } from '../auth/guards.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  challengeSitting,
  sittingStarted,
  writeSittingState,
  type Sitting,
} from './sitting-queries.ts';

type Deps = { db: Db; guards: Guards; now: () => Date };

/** The state an action leads to, or the refusal. */
async function nextState(
  db: Db,
  sitting: Sitting,
  action: LifecycleAction,
  now: Date,
): Promise<Pick<Sitting, 'lifecycle' | 'stoppedAt'>> {
  switch (action) {
    case 'publish':
      return { lifecycle: 'published', stoppedAt: sitting.stoppedAt };
    case 'unpublish':
      if (await sittingStarted(db, sitting.id))
        throw new HttpError(409, sittingMessages.startedCannotUnpublish);
      return { lifecycle: 'draft', stoppedAt: null };
    case 'stop':
      if (sitting.lifecycle === 'draft') throw new HttpError(409, sittingMessages.draftCannotStop);
      // Pressed twice, the first stop stands: it is what students were held to.
      return { lifecycle: 'published', stoppedAt: sitting.stoppedAt ?? now };
    case 'reopen':
      return { lifecycle: sitting.lifecycle, stoppedAt: null };
  }
}

export const lifecycleRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards, now }) => {
  app.post(
    challengeLifecycleRoute,
    {
      onRequest: guards.admin,
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
      const written = await writeSittingState(
        db,
        sitting.id,
        await nextState(db, sitting, request.body.action, now()),
      );
      if (!written) throw new HttpError(404, messages.challengeNotFound);
      return {
        lifecycle: written.lifecycle,
        stoppedAt: written.stoppedAt?.toISOString() ?? null,
      };
    },
  );
};
