/**
 * The similarity report's calls (issue 17), admin only: the ranked pairs of a challenge, and one
 * pair's two programs with their shared regions. A report that cannot be computed answers 503
 * {message} (the worker failed or the server is closing), never a bare 500.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../contract/messages.ts';
import {
  similarityPairQuerySchema,
  similarityPairResponseSchema,
  similarityPairRoute,
  similarityParamsSchema,
  similarityQuerySchema,
  similarityReportSchema,
  similarityRoute,
} from '../../../contract/similarity.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { findSimilarityChallenge, readCodes, type SimilarityChallenge } from './report-queries.ts';
import { ReportThreads } from './report-thread.ts';
import { pairAnswer, reportAnswer, type KeptReport } from './report-view.ts';
import { SimilarityReports } from './similarity-reports.ts';

type Deps = { db: Db; guards: Guards };

export const similarityRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  const threads = new ReportThreads();
  const reports = new SimilarityReports(db, threads);
  app.addHook('onClose', () => threads.close());

  async function challengeOr404(challengeId: string): Promise<SimilarityChallenge> {
    const challenge = await findSimilarityChallenge(db, challengeId);
    if (!challenge) throw new HttpError(404, messages.challengeNotFound);
    return challenge;
  }

  async function reportOf(challenge: SimilarityChallenge): Promise<KeptReport> {
    try {
      return await reports.report(challenge);
    } catch (error) {
      app.log.error({ err: error, challengeId: challenge.challengeId }, 'similarity report failed');
      throw new HttpError(503, messages.similarityFailed);
    }
  }

  app.get(
    similarityRoute,
    {
      onRequest: guards.admin,
      schema: {
        params: similarityParamsSchema,
        querystring: similarityQuerySchema,
        response: { 200: similarityReportSchema },
      },
    },
    async (request, reply) => {
      const challenge = await challengeOr404(request.params.challengeId);
      const kept = await reportOf(challenge);
      reply.header('cache-control', 'private, no-store');
      return reportAnswer(challenge, kept, request.query.threshold);
    },
  );

  app.get(
    similarityPairRoute,
    {
      onRequest: guards.admin,
      schema: {
        params: similarityParamsSchema,
        querystring: similarityPairQuerySchema,
        response: { 200: similarityPairResponseSchema },
      },
    },
    async (request, reply) => {
      const { a, b } = request.query;
      const challenge = await challengeOr404(request.params.challengeId);
      const kept = await reportOf(challenge);
      const codes = await readCodes(db, challenge.challengeId, [a, b]);
      const answer = pairAnswer(challenge, kept, a, b, codes);
      if (!answer) throw new HttpError(404, messages.similarityPairNotFound);
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );
};
