/**
 * The similarity report's calls (issue 17), admin only: the ranked pairs of a challenge, and one
 * pair's two programs with their shared regions. With `?examCode=` (issue 31) both are of the
 * challenge as a problem of that exam: its students who were given it are compared. A report
 * that cannot be computed answers 503 {message} (the worker failed or the server is closing),
 * never a bare 500. A teacher sets the challenge's similarity settings (issue 37: the minimum of
 * shared tokens, the reference solution) with a PUT beside them ('challenge.write').
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import {
  similarityPairQuerySchema,
  similarityPairResponseSchema,
  similarityPairRoute,
  similarityParamsSchema,
  similarityQuerySchema,
  similarityReportSchema,
  similarityRoute,
  similaritySettingsResponseSchema,
  similaritySettingsRoute,
  similaritySettingsSchema,
} from '../../../contract/similarity.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/connection.ts';
import { examHoldsChallenge, findExamByCode } from '../../exams/exam-queries.ts';
import { HttpError } from '../../http-error.ts';
import {
  OWN_SITTING,
  findSimilarityChallenge,
  readCodes,
  type ReportScope,
  type SimilarityChallenge,
  writeSimilaritySettings,
} from './report-queries.ts';
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

  /** Whose programs are compared: the challenge's own takers, or the exam's who were given it. */
  async function scopeOf(
    challenge: SimilarityChallenge,
    examCode: string | undefined,
  ): Promise<{ scope: ReportScope; exam?: { examCode: string; title: string } }> {
    if (examCode === undefined) return { scope: OWN_SITTING };
    const exam = await findExamByCode(db, examCode);
    if (!exam) throw new HttpError(404, examMessages.examNotFound);
    if (!(await examHoldsChallenge(db, exam.sittingId, challenge.challengeId)))
      throw new HttpError(
        404,
        examMessages.challengeNotInExam
          .replace('{challengeId}', challenge.challengeId)
          .replace('{examCode}', exam.code),
      );
    return {
      scope: { kind: 'exam', sittingId: exam.sittingId },
      exam: { examCode: exam.code, title: exam.title },
    };
  }

  async function reportOf(challenge: SimilarityChallenge, scope: ReportScope): Promise<KeptReport> {
    try {
      return await reports.report(challenge, scope);
    } catch (error) {
      app.log.error({ err: error, challengeId: challenge.challengeId }, 'similarity report failed');
      throw new HttpError(503, messages.similarityFailed);
    }
  }

  app.get(
    similarityRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: similarityParamsSchema,
        querystring: similarityQuerySchema,
        response: { 200: similarityReportSchema },
      },
    },
    async (request, reply) => {
      const challenge = await challengeOr404(request.params.challengeId);
      const { scope, exam } = await scopeOf(challenge, request.query.examCode);
      const kept = await reportOf(challenge, scope);
      reply.header('cache-control', 'private, no-store');
      return reportAnswer(challenge, kept, request.query.threshold, exam);
    },
  );

  app.get(
    similarityPairRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: similarityParamsSchema,
        querystring: similarityPairQuerySchema,
        response: { 200: similarityPairResponseSchema },
      },
    },
    async (request, reply) => {
      const { a, b, examCode } = request.query;
      const challenge = await challengeOr404(request.params.challengeId);
      const { scope } = await scopeOf(challenge, examCode);
      const kept = await reportOf(challenge, scope);
      const codes = await readCodes(db, challenge.challengeId, [a, b]);
      const answer = pairAnswer(challenge, kept, a, b, codes);
      if (!answer) throw new HttpError(404, messages.similarityPairNotFound);
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );

  app.put(
    similaritySettingsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      schema: {
        params: similarityParamsSchema,
        body: similaritySettingsSchema,
        response: { 200: similaritySettingsResponseSchema },
      },
    },
    async (request) => {
      const challenge = await challengeOr404(request.params.challengeId);
      await writeSimilaritySettings(db, challenge.challengeId, request.body);
      return { message: messages.similaritySettingsSaved };
    },
  );
};
