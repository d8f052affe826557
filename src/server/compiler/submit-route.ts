/**
 * POST /api/compiler/submit: judges the code on every test and stores the submission once per id.
 * A submissionId seen before answers the stored result without judging again; a duplicate that
 * arrives while the first is still being judged waits for it. A submission reaching the server up
 * to SUBMISSION_GRACE_SECONDS after the deadline is still accepted (network grace).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compilerSubmitPath,
  submissionResultSchema,
  submitRequestSchema,
  type SubmissionResult,
} from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { checkCode } from './code-limits.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';
import { callJudge, judgeFailed } from './judge-calls.ts';
import { detailsFrom, toSubmissionResult } from './submission-details.ts';
import {
  findSubmission,
  storeSubmission,
  submissionStats,
  type SubmissionRow,
} from './submission-queries.ts';
import { assertSubmissionInTime, openChallenge } from './test-access.ts';

type Deps = CompilerContext & { guard: CompilerGuard };
type Submission = {
  userId: string;
  challengeId: string;
  code: string;
  id: string;
  queuedAt: Date | undefined;
};

export const submitRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, judge, timeZone, now, guard } = deps;
  const rules = {
    graceSeconds: deps.graceSeconds,
    offlineAllowanceSeconds: deps.offlineAllowanceSeconds,
  };
  const inFlight = new Map<string, Promise<SubmissionResult>>();

  async function answer(row: SubmissionRow): Promise<SubmissionResult> {
    const { bestScore } = await submissionStats(db, row.userId, row.challengeId);
    return toSubmissionResult(row, bestScore ?? row.score);
  }

  /** The stored submission with this id, if it is this student's for this challenge. */
  async function stored(s: Submission): Promise<SubmissionRow | undefined> {
    const row = await findSubmission(db, s.id);
    if (row && (row.userId !== s.userId || row.challengeId !== s.challengeId))
      throw new HttpError(409, messages.submissionIdTaken);
    return row;
  }

  async function judgeAndStore(s: Submission, log: FastifyBaseLogger): Promise<SubmissionResult> {
    const existing = await stored(s);
    if (existing) return answer(existing);
    const at = now();
    const { challenge, attempt } = await openChallenge(db, timeZone, s.userId, s.challengeId, at);
    assertSubmissionInTime(attempt, at, rules, s.queuedAt);
    const result = await callJudge(log, () =>
      judge.judge({
        language: challenge.language,
        code: s.code,
        tests: challenge.testCases,
        timeLimitMs: challenge.timeLimitMs,
        memoryLimitMb: challenge.memoryLimitMb,
        score: challenge.score,
      }),
    );
    if (result.verdict === 'Internal Error') throw judgeFailed(log, result.internalMessage);
    const row = await storeSubmission(db, {
      id: s.id,
      userId: s.userId,
      challengeId: s.challengeId,
      language: challenge.language,
      code: s.code,
      verdict: result.verdict,
      passed: result.passed,
      total: result.total,
      score: result.score,
      details: detailsFrom(result, challenge.testCases, challenge.score),
      // When the server first saw it, not when the judge finished.
      createdAt: at,
    });
    // Another process may have stored the same id meanwhile: its row is the answer.
    if (row.userId !== s.userId || row.challengeId !== s.challengeId)
      throw new HttpError(409, messages.submissionIdTaken);
    return answer(row);
  }

  app.post(
    compilerSubmitPath,
    {
      onRequest: guard,
      schema: { body: submitRequestSchema, response: { 200: submissionResultSchema } },
    },
    async (request) => {
      const user = compilerUser(request);
      const { challengeId, code, submissionId, queuedAt } = request.body;
      checkCode(code);
      const s: Submission = {
        userId: user.sub,
        challengeId,
        code,
        id: submissionId?.toLowerCase() ?? crypto.randomUUID(),
        queuedAt: queuedAt === undefined ? undefined : new Date(queuedAt),
      };
      const key = `${s.userId}:${s.id}`;
      const running = inFlight.get(key);
      if (running) {
        const result = await running;
        if (result.challengeId !== challengeId)
          throw new HttpError(409, messages.submissionIdTaken);
        return result;
      }
      const work = judgeAndStore(s, request.log);
      inFlight.set(key, work);
      try {
        return await work;
      } finally {
        inFlight.delete(key);
      }
    },
  );
};
