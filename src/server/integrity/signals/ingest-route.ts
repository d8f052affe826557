/**
 * POST /api/compiler/attempts/{attemptId}/events: the compiler page's exam events (issue 17),
 * authorised like every compiler call (compiler token and application key). Events are accepted
 * whenever they arrive, after the deadline too: a page that lost the network sends its queue
 * when it comes back, and the server's receive time says when that was.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../contract/messages.ts';
import {
  MAX_SIGNALS_PER_ATTEMPT,
  SIGNALS_MAX_BODY_BYTES,
  signalsParamsSchema,
  signalsPath,
  signalsRequestSchema,
  signalsResponseSchema,
} from '../../../contract/signals.ts';
import { compilerUser, type CompilerGuard } from '../../compiler/compiler-guard.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { storeSignals } from './signal-store.ts';

type Deps = {
  database: Pick<DatabaseHandle, 'pool'>;
  guard: CompilerGuard;
  now: () => Date;
};

export const signalIngestRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    signalsPath,
    {
      onRequest: deps.guard,
      bodyLimit: SIGNALS_MAX_BODY_BYTES,
      schema: {
        params: signalsParamsSchema,
        body: signalsRequestSchema,
        response: { 200: signalsResponseSchema },
      },
    },
    async (request) => {
      const user = compilerUser(request);
      const { full, ...outcome } = await storeSignals(
        deps.database,
        user.sub,
        request.params.attemptId.toLowerCase(),
        request.body.events,
        deps.now(),
      );
      // What fitted under the cap is stored (committed above); the page drops the rest.
      if (full)
        throw new HttpError(
          409,
          messages.signalsAttemptFull.replace('{max}', String(MAX_SIGNALS_PER_ATTEMPT)),
        );
      return outcome;
    },
  );
};
