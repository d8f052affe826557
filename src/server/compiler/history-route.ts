/**
 * GET /api/compiler/history/:challengeId: the student's own submissions to the challenge, newest
 * first, for the compiler page's history (load one back into the editor). Only the token's
 * student's, and hidden tests only as counts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeIdParamsSchema,
  compilerExamQuerySchema,
  compilerHistoryPath,
  HISTORY_LIMIT,
  historyResponseSchema,
} from '../../contract/compiler.ts';
import { feedbackOf } from '../grading/feedback-queries.ts';
import { gateHistory, releasedForAttempt } from '../grading/student-release.ts';
import { toHistoryEntry } from '../submissions/submission-details.ts';
import { findGradedStanding, studentGradeOf } from '../grading/grade-queries.ts';
import { listOwnSubmissions } from '../submissions/submission-queries.ts';
import { findChallengeSitting, ownSittingOf } from '../sittings/sitting-queries.ts';
import { gateFor } from '../sittings/access/check-access.ts';
import { compilerUser, type CompilerGuard } from './compiler-guard.ts';
import { examAttemptFor } from './exam-access.ts';
import type { CompilerContext } from './context.ts';

type Deps = CompilerContext & { guard: CompilerGuard };

export const historyRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guard, checkAccess } = deps;
  app.get(
    compilerHistoryPath,
    {
      onRequest: guard,
      schema: {
        params: challengeIdParamsSchema,
        querystring: compilerExamQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => {
      const user = compilerUser(request);
      const { challengeId } = request.params;
      const { examCode } = request.query;
      const gate = gateFor(checkAccess, request);
      // The access rules first: a challenge's own sitting if it has one (none: no rules yet).
      if (examCode === undefined) {
        const own = await findChallengeSitting(db, challengeId);
        if (own) await gate(own);
      }
      // Under an exam: that exam's submissions of the problem, which must be the student's own;
      // alone: the challenge's own sitting's (every attempt at it, so a reset hides nothing).
      const sitting =
        examCode === undefined
          ? ownSittingOf(challengeId)
          : sql`${(await examAttemptFor(db, user.sub, challengeId, examCode, gate)).sittingId}::uuid`;
      const [rows, standing] = await Promise.all([
        listOwnSubmissions(db, user.sub, challengeId, sitting, HISTORY_LIMIT),
        findGradedStanding(db, challengeId, user.sub, sitting),
      ]);
      // Every row is of the same sitting attempt as the standing, so one rule holds them all.
      const sittingAttemptId = rows[0]?.sittingAttemptId ?? standing?.sittingAttemptId;
      const released = sittingAttemptId
        ? await releasedForAttempt(db, deps, sittingAttemptId)
        : true;
      const feedback = released
        ? await feedbackOf(
            db,
            rows.map((r) => r.id),
          )
        : new Map();
      const submissions = rows.map((row) => {
        const entry = toHistoryEntry(row);
        const given = feedback.get(row.id);
        return gateHistory(given ? { ...entry, feedback: given } : entry, released);
      });
      // The grade only once staff gave one (until then the submissions' scores say it all), and
      // only once results are released, as every score.
      if (
        !released ||
        !standing ||
        (standing.overrideKind === null && standing.manualPoints === null)
      )
        return { submissions };
      return { submissions, grade: studentGradeOf(standing) };
    },
  );
};
