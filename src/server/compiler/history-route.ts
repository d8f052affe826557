/**
 * GET /api/compiler/history/:challengeId: the student's own submissions to the challenge, newest
 * first, for the compiler page's history (load one back into the editor). Only the token's
 * student's, and hidden tests only as counts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeIdParamsSchema,
  compilerHistoryPath,
  HISTORY_LIMIT,
  historyResponseSchema,
} from '../../contract/compiler.ts';
import { toHistoryEntry } from '../submissions/submission-details.ts';
import { listOwnSubmissions } from '../submissions/submission-queries.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const historyRoute: FastifyPluginAsyncZod<Deps> = async (app, { db, guard }) => {
  app.get(
    compilerHistoryPath,
    {
      onRequest: guard,
      schema: { params: challengeIdParamsSchema, response: { 200: historyResponseSchema } },
    },
    async (request) => {
      const user = compilerUser(request);
      const rows = await listOwnSubmissions(
        db,
        user.sub,
        request.params.challengeId,
        HISTORY_LIMIT,
      );
      return { submissions: rows.map(toHistoryEntry) };
    },
  );
};
