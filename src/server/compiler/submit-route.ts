/**
 * POST /api/compiler/submit: stores the submission and enqueues its judge job in one transaction,
 * then answers at once, 202 with its status and place in the queue (issue 13). The page follows
 * it with GET /api/compiler/result/:id?wait=… (long polling). A submissionId seen before answers
 * that submission's current state without storing it again. The deadline rules (grace, offline
 * allowance) are judged on the time the server received it, exactly as before.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compilerSubmitPath,
  submissionStateSchema,
  submitRequestSchema,
} from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { findSubmission, type SubmissionRow } from '../submissions/submission-queries.ts';
import { isFinal, submissionState } from '../submissions/submission-state.ts';
import { checkCode } from './code-limits.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';
import { queueFullError } from './queue-room.ts';
import { assertSubmissionInTime, chooseLanguage, openForSubmit } from './test-access.ts';
import { gateFor } from '../sittings/access/check-access.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const submitRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, database, timeZone, now, guard } = deps;
  const rules = {
    graceSeconds: deps.graceSeconds,
    offlineAllowanceSeconds: deps.offlineAllowanceSeconds,
  };

  /** The stored submission with this id, if it is this student's for this challenge. */
  async function stored(id: string, userId: string, challengeId: string) {
    const row = await findSubmission(db, id);
    if (row && (row.userId !== userId || row.challengeId !== challengeId))
      throw new HttpError(409, messages.submissionIdTaken);
    return row;
  }

  app.post(
    compilerSubmitPath,
    {
      onRequest: guard,
      // A few hundred bytes: compressing them costs the server more than it saves the network.
      compress: false,
      schema: {
        body: submitRequestSchema,
        response: { 200: submissionStateSchema, 202: submissionStateSchema },
      },
    },
    async (request, reply) => {
      const user = compilerUser(request);
      const { challengeId, code, submissionId, queuedAt, examCode } = request.body;
      checkCode(code);
      const id = submissionId?.toLowerCase() ?? crypto.randomUUID();
      /** The answer for an id stored before: its current state, 200 once it is final. */
      const answerStored = async (row: SubmissionRow) => {
        reply.code(isFinal(row.status) ? 200 : 202);
        return submissionState(db, row, deps);
      };
      const at = now();
      try {
        const { accepted, attempt } = await openForSubmit(
          db,
          deps.submitAttempts,
          timeZone,
          user.sub,
          challengeId,
          examCode,
          at,
          gateFor(deps.checkAccess, request),
        );
        const language = chooseLanguage(accepted, request.body.language);
        assertSubmissionInTime(
          attempt,
          at,
          rules,
          queuedAt === undefined ? undefined : new Date(queuedAt),
        );
        // Judged here, by a judge that cannot run code safely: refused now rather than failed
        // later, so the page keeps the code and sends it again (the operator sees /api/health).
        if (deps.judgesHere && !(await deps.judge.capabilities()).ready)
          throw new HttpError(503, messages.judgeUnavailable);
        const result = await deps.submissions.store({
          id,
          userId: user.sub,
          challengeId,
          sittingAttemptId: attempt.sittingAttemptId,
          language,
          code,
          receivedAt: at,
        });
        if (result.outcome === 'stored') {
          const change = {
            type: 'submission' as const,
            submissionId: id,
            userId: user.sub,
            challengeId,
            status: 'queued' as const,
          };
          // Known here at once: the page's first long poll may come before the feed's echo.
          deps.recentStatuses.note(change);
          await deps.feed
            .publish(change)
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'change feed publish failed'),
            );
          if (result.enqueued) deps.queue.wake();
          reply.code(202);
          return {
            status: 'queued' as const,
            submissionId: id,
            challengeId,
            createdAt: at.toISOString(),
            position: result.position,
          };
        }
        // Stored before (another request with the same id may have been first): that row answers.
        const row = await stored(id, user.sub, challengeId);
        if (row) return await answerStored(row);
        if (result.outcome === 'full') throw await queueFullError(database, result.waiting);
        throw new Error('the submission was neither stored nor found');
      } catch (error) {
        // A retry of a submission stored in time (its answer was lost) gets that submission,
        // even when it arrives after the deadline or the queue has filled up since.
        if (!(error instanceof HttpError) || error.statusCode === 409) throw error;
        const row = await stored(id, user.sub, challengeId);
        if (row) return answerStored(row);
        throw error;
      }
    },
  );
};
