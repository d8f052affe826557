/**
 * GET /api/compiler/timer/:challengeId (contract/compiler.ts): the compiler page follows its
 * problem's timer live, so a stop, a reopen or extra time reaches the student without a reload
 * (sittings/follow-timer.ts). The problem is opened as every compiler call opens it (openProblem:
 * the challenge's own sitting, or the exam's with `examCode`), so the timer is the one the other
 * calls enforce.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeIdParamsSchema,
  compilerTimerQuerySchema,
  compilerTimerRoute,
} from '../../contract/compiler.ts';
import { sittingTimerSchema, type SittingTimer } from '../../contract/sittings.ts';
import { followTimer } from '../sittings/follow-timer.ts';
import { noticeCursor } from '../sittings/notices/notice-queries.ts';
import { notePresence } from '../sittings/proctor/presence.ts';
import { effectiveDeadline } from './attempt-queries.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import type { CompilerContext } from './context.ts';
import { openProblem } from './test-access.ts';
import { gateFor } from '../sittings/access/check-access.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const timerRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, feed, closing, timeZone, now, guard } = deps;
  app.get(
    compilerTimerRoute,
    {
      onRequest: guard,
      // A few bytes, asked for again after every answer: not worth compressing.
      compress: false,
      schema: {
        params: challengeIdParamsSchema,
        querystring: compilerTimerQuerySchema,
        response: { 200: sittingTimerSchema },
      },
    },
    async (request, reply) => {
      const user = compilerUser(request);
      const { challengeId } = request.params;
      const { examCode, known, wait, knownNotices } = request.query;
      const gate = gateFor(deps.checkAccess, request);
      const open = () => openProblem(db, timeZone, user.sub, challengeId, examCode, now(), gate);
      const read = async (): Promise<SittingTimer> => {
        const { attempt } = await open();
        return {
          deadline: effectiveDeadline(attempt).toISOString(),
          finishedAt: attempt.finishedAt?.toISOString() ?? null,
          serverNow: now().toISOString(),
          // The notices cursor rides on the same poll, only for a page that follows notices.
          ...(knownNotices === undefined
            ? {}
            : { notices: await noticeCursor(db, attempt.sittingId, user.sub) }),
        };
      };
      const { attempt } = await open();
      // The page is open on this problem: the proctor view's presence (sittings/proctor/).
      await notePresence(
        { db, feed },
        attempt.sittingId,
        user.sub,
        { kind: examCode === undefined ? 'challenge' : 'exam', challengeId },
        now(),
      );
      return followTimer({
        feed,
        sittingId: attempt.sittingId,
        userId: user.sub,
        known,
        knownNotices,
        wait,
        gone: new Promise<void>((resolve) => reply.raw.once('close', resolve)),
        closing,
        read,
      });
    },
  );
};
