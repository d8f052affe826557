/**
 * The built-in compiler page's calls that read or only run: the statement (first open records the
 * attempt), Run (custom input or the samples, nothing stored) and a stored submission's result.
 * Submit is in submit-route.ts. All need the compiler guard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeIdParamsSchema,
  compilerChallengePath,
  compilerChallengeSchema,
  compilerResultPath,
  compilerRunPath,
  runRequestSchema,
  runResponseSchema,
  submissionIdParamsSchema,
  submissionResultSchema,
} from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { checkCode } from './code-limits.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';
import { callJudge, judgeFailed } from './judge-calls.ts';
import { detailsFrom, sampleOutcomes, toSubmissionResult } from './submission-details.ts';
import { findSubmission, submissionStats } from './submission-queries.ts';
import { assertBeforeDeadline, openChallenge } from './test-access.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const compilerRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, judge, timeZone, now, guard } = deps;

  app.get(
    compilerChallengePath,
    {
      onRequest: guard,
      schema: { params: challengeIdParamsSchema, response: { 200: compilerChallengeSchema } },
    },
    async (request) => {
      const user = compilerUser(request);
      const at = now();
      const { challenge, attempt } = await openChallenge(
        db,
        timeZone,
        user.sub,
        request.params.challengeId,
        at,
      );
      const stats = await submissionStats(db, user.sub, challenge.challengeId);
      const { testCases, tags: _tags, ...fields } = challenge;
      return {
        ...fields,
        samples: testCases
          .filter((t) => !t.hidden)
          .map(({ input, expectedOutput }) => ({ input, expectedOutput })),
        hiddenTestCount: testCases.filter((t) => t.hidden).length,
        startedAt: attempt.startedAt.toISOString(),
        deadline: attempt.deadline.toISOString(),
        serverNow: at.toISOString(),
        graceSeconds: deps.graceSeconds,
        ...stats,
      };
    },
  );

  app.post(
    compilerRunPath,
    { onRequest: guard, schema: { body: runRequestSchema, response: { 200: runResponseSchema } } },
    async (request) => {
      const user = compilerUser(request);
      const { challengeId, code, stdin } = request.body;
      checkCode(code, stdin);
      const at = now();
      const { challenge, attempt } = await openChallenge(db, timeZone, user.sub, challengeId, at);
      assertBeforeDeadline(attempt, at);
      const limits = { timeLimitMs: challenge.timeLimitMs, memoryLimitMb: challenge.memoryLimitMb };
      const samples = challenge.testCases.filter((t) => !t.hidden);
      if (stdin !== undefined || samples.length === 0) {
        const r = await callJudge(request.log, () =>
          judge.runOnce({ language: challenge.language, code, stdin: stdin ?? '', ...limits }),
        );
        if (r.verdict === 'Internal Error') throw judgeFailed(request.log, r.stderr);
        const { wallMs: _wall, ...result } = r;
        return { mode: 'custom' as const, result };
      }
      const result = await callJudge(request.log, () =>
        judge.judge({
          language: challenge.language,
          code,
          tests: samples,
          score: challenge.score,
          ...limits,
        }),
      );
      if (result.verdict === 'Internal Error')
        throw judgeFailed(request.log, result.internalMessage);
      const details = detailsFrom(result, samples, challenge.score);
      return {
        mode: 'samples' as const,
        verdict: result.verdict,
        samples: sampleOutcomes(details),
        ...(details.compileOutput === undefined ? {} : { compileOutput: details.compileOutput }),
      };
    },
  );

  app.get(
    compilerResultPath,
    {
      onRequest: guard,
      schema: { params: submissionIdParamsSchema, response: { 200: submissionResultSchema } },
    },
    async (request) => {
      const user = compilerUser(request);
      const row = await findSubmission(db, request.params.submissionId);
      if (!row || row.userId !== user.sub) throw new HttpError(404, messages.submissionNotFound);
      const { bestScore } = await submissionStats(db, user.sub, row.challengeId);
      return toSubmissionResult(row, bestScore ?? row.score);
    },
  );
};
