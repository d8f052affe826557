/**
 * Manual grading calls (issue 34 item 3, contract/grading.ts): read a student's grade on a
 * problem with its history (`results.read`), add an entry (`grading.write`: a course's teachers
 * and assistants), and set a challenge's manual points' maximum (`grading.write`). The course is
 * the challenge's or the exam's (course-scope.ts, from `challengeId` and `?examCode=`). The
 * audit log records each entry with the student and the challenge it names, and the grade part
 * it changed from what to what (audit-before.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examCodeQuerySchema, examMessages } from '../../contract/exams.ts';
import {
  gradeInputSchema,
  gradeParamsSchema,
  gradeRoute,
  gradeStateSchema,
  gradingMessages,
  manualMaxInputSchema,
  manualMaxParamsSchema,
  manualMaxResponseSchema,
  manualMaxRoute,
  type GradeInput,
} from '../../contract/grading.ts';
import { messages } from '../../contract/messages.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { findExamByCode } from '../exams/exam-queries.ts';
import { HttpError } from '../http-error.ts';
import { ownSittingOf } from '../sittings/sitting-queries.ts';
import {
  findGradedStanding,
  gradeStateOf,
  writeGradeEntry,
  writeManualPointsMax,
  type GradedStanding,
} from './grade-queries.ts';

type Deps = { db: Db; guards: Guards };

/** The standing the call is about: at the exam's sitting if it names one, else the challenge's. */
export async function standingOr404(
  db: Db,
  challengeId: string,
  userId: string,
  examCode: string | undefined,
): Promise<GradedStanding> {
  let standing: GradedStanding | undefined;
  if (examCode !== undefined) {
    const exam = await findExamByCode(db, examCode);
    if (!exam) throw new HttpError(404, examMessages.examNotFound);
    const sitting = sql`${exam.sittingId}::uuid`;
    standing = await findGradedStanding(db, challengeId, userId, sitting, exam.scoring === 'last');
  } else {
    standing = await findGradedStanding(db, challengeId, userId, ownSittingOf(challengeId));
  }
  if (!standing) throw new HttpError(404, gradingMessages.notOpened);
  return standing;
}

/** The points must fit the part: a score within the challenge's, manual points within theirs. */
function checkValue(input: GradeInput, standing: GradedStanding): void {
  if (input.kind === 'clear' || input.value === undefined) return;
  const fill = (text: string, max: number) => text.replace('{max}', String(max));
  if (input.part === 'manual') {
    if (standing.manualPointsMax <= 0) throw new HttpError(400, gradingMessages.noManualPoints);
    if (input.value < 0 || input.value > standing.manualPointsMax)
      throw new HttpError(400, fill(gradingMessages.manualOutOfRange, standing.manualPointsMax));
    return;
  }
  const max = standing.maxScore;
  const bound = input.kind === 'absolute' ? [0, max] : [-max, max];
  if (input.value < (bound[0] ?? 0) || input.value > (bound[1] ?? max))
    throw new HttpError(400, fill(gradingMessages.absoluteOutOfRange, max));
}

export const gradeRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    gradeRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: gradeParamsSchema,
        querystring: examCodeQuerySchema,
        response: { 200: gradeStateSchema },
      },
    },
    async (request, reply) => {
      const { challengeId, userId } = request.params;
      const standing = await standingOr404(db, challengeId, userId, request.query.examCode);
      reply.header('cache-control', 'private, no-store');
      return gradeStateOf(db, standing);
    },
  );

  app.put(
    gradeRoute,
    {
      onRequest: guards.staff,
      config: { action: 'grading.write' },
      schema: {
        params: gradeParamsSchema,
        querystring: examCodeQuerySchema,
        body: gradeInputSchema,
        response: { 200: gradeStateSchema },
      },
    },
    async (request) => {
      const { challengeId, userId } = request.params;
      const actor = request.actor;
      if (!actor) throw new HttpError(403, messages.forbidden);
      const standing = await standingOr404(db, challengeId, userId, request.query.examCode);
      checkValue(request.body, standing);
      await writeGradeEntry(db, standing.attemptId, request.body, actor);
      const after = await standingOr404(db, challengeId, userId, request.query.examCode);
      return gradeStateOf(db, after);
    },
  );

  // The manual points' maximum is the challenge's, the same for every student: a change to the
  // challenge (teachers), not a grade (assistants too).
  app.put(
    manualMaxRoute,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      schema: {
        params: manualMaxParamsSchema,
        body: manualMaxInputSchema,
        response: { 200: manualMaxResponseSchema },
      },
    },
    async (request) => {
      const found = await writeManualPointsMax(db, request.params.challengeId, request.body.max);
      if (!found) throw new HttpError(404, messages.challengeNotFound);
      return { challengeId: found, manualPointsMax: request.body.max };
    },
  );
};
