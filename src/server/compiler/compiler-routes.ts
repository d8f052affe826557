/**
 * The built-in compiler page's calls that read or only run: the statement (first open records the
 * attempt), Run (custom input or the samples, nothing stored) and a stored submission's result.
 * Submit is in submit-route.ts. All need the compiler guard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeIdParamsSchema,
  compilerChallengePath,
  compilerExamQuerySchema,
  compilerChallengeSchema,
  compilerResultPath,
  compilerRunPath,
  resultQuerySchema,
  runRequestSchema,
  runResponseSchema,
  submissionIdParamsSchema,
  submissionStateSchema,
} from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { judgeRequestFor } from '../challenges/judge-request.ts';
import { HttpError } from '../http-error.ts';
import { checkCode } from './code-limits.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';
import { callJudge, judgeFailed } from './judge-calls.ts';
import { watchFor } from '../changes/change-feed.ts';
import { detailsFrom, sampleOutcomes } from '../submissions/submission-details.ts';
import { findSubmission, submissionStats } from '../submissions/submission-queries.ts';
import { isFinal, submissionState } from '../submissions/submission-state.ts';
import { withRunLock } from './run-lock.ts';
import { effectiveDeadline } from './attempt-queries.ts';
import { assertBeforeDeadline, chooseLanguage, openProblem } from './test-access.ts';
import { acceptedLanguages } from '../../contract/challenges.ts';
import { worstCaseJudgeMs } from '../../contract/judge-cost.ts';
import { statementImagesOf } from '../challenge-images/challenge-image-queries.ts';
import { gateFor } from '../sittings/access/check-access.ts';
import { gateChallenge, releasedForAttempt } from '../grading/student-release.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const compilerRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, database, judge, feed, closing, timeZone, now, guard } = deps;

  app.get(
    compilerChallengePath,
    {
      onRequest: guard,
      schema: {
        params: challengeIdParamsSchema,
        querystring: compilerExamQuerySchema,
        response: { 200: compilerChallengeSchema },
      },
    },
    async (request) => {
      const user = compilerUser(request);
      const at = now();
      const { challenge, attempt } = await openProblem(
        db,
        timeZone,
        user.sub,
        request.params.challengeId,
        request.query.examCode,
        at,
        gateFor(deps.checkAccess, request),
      );
      const stats = await submissionStats(db, attempt.sittingAttemptId, challenge.challengeId);
      const images = await statementImagesOf(db, challenge.challengeId);
      const {
        testCases,
        tags: _tags,
        languages: _others,
        captureTabChanges,
        disablePaste,
        ...fields
      } = challenge;
      const released = await releasedForAttempt(db, deps, attempt.sittingAttemptId);
      return gateChallenge(
        {
          ...fields,
          languages: acceptedLanguages(challenge),
          samples: testCases
            .filter((t) => !t.hidden)
            .map(({ input, expectedOutput }) => ({ input, expectedOutput })),
          hiddenTestCount: testCases.filter((t) => t.hidden).length,
          startedAt: attempt.startedAt.toISOString(),
          // Finishing an exam early ends the timer then: the page shows its time as up.
          deadline: effectiveDeadline(attempt).toISOString(),
          serverNow: at.toISOString(),
          graceSeconds: deps.graceSeconds,
          attemptId: attempt.id,
          captureTabChanges,
          disablePaste,
          images,
          ...stats,
        },
        released,
      );
    },
  );

  app.post(
    compilerRunPath,
    { onRequest: guard, schema: { body: runRequestSchema, response: { 200: runResponseSchema } } },
    async (request) => {
      const user = compilerUser(request);
      const { challengeId, code, stdin, examCode } = request.body;
      checkCode(code, stdin);
      const at = now();
      const { challenge, attempt } = await openProblem(
        db,
        timeZone,
        user.sub,
        challengeId,
        examCode,
        at,
        gateFor(deps.checkAccess, request),
      );
      assertBeforeDeadline(attempt, at);
      // An interactive program reads the interactor, not an input: only the samples can run it.
      if (challenge.interactive && stdin !== undefined)
        throw new HttpError(400, messages.interactiveRunsSamples);
      const language = chooseLanguage(acceptedLanguages(challenge), request.body.language);
      const limits = {
        timeLimitMs: challenge.timeLimitMs,
        memoryLimitMb: challenge.memoryLimitMb,
        ...(challenge.outputLimitMb ? { outputLimitMb: challenge.outputLimitMb } : {}),
      };
      const samples = challenge.testCases.filter((t) => !t.hidden);
      // One Run at a time per student; the lock outlives the run's worst case if the process dies.
      const worstMs = worstCaseJudgeMs({
        language,
        testCount: stdin === undefined ? samples.length : 1,
        timeLimitMs: challenge.timeLimitMs,
        checkerLanguage:
          challenge.compare.mode === 'checker' ? challenge.compare.language : undefined,
        checkerTimeLimitMs: deps.checkerTimeLimitMs,
      });
      return withRunLock(database, user.sub, worstMs / 1000 + 30, async () => {
        if (stdin !== undefined || samples.length === 0) {
          const r = await callJudge(request.log, () =>
            judge.runOnce({ language, code, stdin: stdin ?? '', ...limits }),
          );
          if (r.verdict === 'Internal Error') throw judgeFailed(request.log, r.stderr);
          const { wallMs: _wall, ...result } = r;
          return { mode: 'custom' as const, result };
        }
        const result = await callJudge(request.log, () =>
          judge.judge(judgeRequestFor(challenge, { language, code }, samples)),
        );
        if (result.verdict === 'Internal Error')
          throw judgeFailed(request.log, result.internalMessage);
        const details = detailsFrom(
          result,
          samples,
          challenge.score,
          challenge.compare,
          challenge.testGroups,
          challenge.grading,
        );
        return {
          mode: 'samples' as const,
          verdict: result.verdict,
          samples: sampleOutcomes(details),
          ...(details.compileOutput === undefined ? {} : { compileOutput: details.compileOutput }),
          compare: challenge.compare,
        };
      });
    },
  );

  /**
   * A submission's state; with `wait`, a long poll: the answer waits until the status differs
   * from `since` (or the submission is final), for at most `wait` seconds. Long polling rather than
   * server-sent events: it passes every proxy and the service worker unchanged, holds no database
   * connection while waiting, and any server process can answer it, since results written by any
   * worker reach every process through the change feed.
   */
  app.get(
    compilerResultPath,
    {
      onRequest: guard,
      // Mostly a few hundred bytes, asked for again and again while the judge works: not worth
      // the CPU of compressing (a judged result is a few KB at most).
      compress: false,
      schema: {
        params: submissionIdParamsSchema,
        querystring: resultQuerySchema,
        response: { 200: submissionStateSchema },
      },
    },
    async (request, reply) => {
      const user = compilerUser(request);
      const id = request.params.submissionId.toLowerCase();
      const { wait, since } = request.query;
      // Listening starts before the read, so a change in between is not missed.
      const watch = watchFor(feed, id);
      try {
        // Still as the page last saw it, as far as this process has heard: wait before reading.
        const known = deps.recentStatuses.get(id);
        const waitFirst =
          wait !== undefined &&
          wait > 0 &&
          known?.userId === user.sub &&
          known.status === since &&
          !isFinal(known.status);
        let row = waitFirst ? undefined : await findSubmission(db, id);
        if (!waitFirst && (!row || row.userId !== user.sub))
          throw new HttpError(404, messages.submissionNotFound);
        const unchanged = since === undefined || since === row?.status;
        if (waitFirst || (wait && unchanged && row && !isFinal(row.status))) {
          // The student's page went away (closed, or its own timeout): stop waiting for it.
          const gone = new Promise<void>((resolve) => reply.raw.once('close', resolve));
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, wait * 1000);
          });
          await Promise.race([watch.changed, timeout, gone, closing]);
          clearTimeout(timer);
          row = (await findSubmission(db, id)) ?? row;
        }
        if (!row || row.userId !== user.sub) throw new HttpError(404, messages.submissionNotFound);
        return submissionState(db, row, deps);
      } finally {
        watch.dispose();
      }
    },
  );
};
