/**
 * The teacher's results calls (issue 12), admin only: the results table of a challenge (keyset
 * pages, ETag for cheap polling during the exam) and one student's submissions to it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { examCodeQuerySchema, examMessages } from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import {
  resultsParamsSchema,
  resultsQuerySchema,
  resultsResponseSchema,
  type ResultsResponse,
  resultsRoute,
  studentSubmissionsParamsSchema,
  studentSubmissionsResponseSchema,
  studentSubmissionsRoute,
  type ResultsChallenge,
  type ResultsSummary,
} from '../../contract/results.ts';
import type { ResultsCourse } from '../../contract/results-sections.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { findExamByCode } from '../exams/exam-queries.ts';
import { HttpError } from '../http-error.ts';
import { ownSittingOf } from '../sittings/sitting-queries.ts';
import { sendPolled } from './etag.ts';
import { decodeCursor, encodeCursor } from './keyset.ts';
import { checkSection, readChallengeCourse } from './section-columns.ts';
import {
  countResults,
  findResultsChallenge,
  readResultsPage,
  readSummary,
  type ResultsFilters,
} from './results-queries.ts';
import { readAttempt, readStudent, readSubmissions, readTestCases } from './submission-queries.ts';

type Deps = { db: Db; guards: Guards };

export async function challengeOr404(db: Db, challengeId: string): Promise<ResultsChallenge> {
  const challenge = await findResultsChallenge(db, challengeId);
  if (!challenge) throw new HttpError(404, messages.challengeNotFound);
  return challenge;
}

/**
 * The challenge and its course (issue 33), read side by side; a section filter must name one of
 * the course's sections (404 otherwise, before anything is read or streamed).
 */
export async function challengeInCourseOr404(
  db: Db,
  challengeId: string,
  sectionId: string | undefined,
): Promise<{ challenge: ResultsChallenge; course: ResultsCourse | undefined }> {
  const [challenge, course] = await Promise.all([
    challengeOr404(db, challengeId),
    readChallengeCourse(db, challengeId),
  ]);
  checkSection(course, sectionId);
  return { challenge, course };
}

/** Without text or column filters the summary already holds the count: one query fewer. */
async function totalOf(
  db: Db,
  challenge: ResultsChallenge,
  filters: ResultsFilters,
  summary: Promise<ResultsSummary>,
): Promise<number> {
  if (filters.q || filters.year || filters.branch || filters.college || filters.sectionId) {
    return countResults(db, challenge, filters);
  }
  const { started, notStarted } = await summary;
  if (filters.status === 'started') return started;
  if (filters.status === 'not-started') return notStarted;
  return started + notStarted;
}

export const resultsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    resultsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: resultsParamsSchema,
        querystring: resultsQuerySchema,
        // 304: the table has not changed since the ETag the client sent (no body).
        response: { 200: resultsResponseSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { cursor, limit, ...filters } = request.query;
      const after = cursor ? decodeCursor(cursor, filters.sort, filters.dir) : undefined;
      const { challenge, course } = await challengeInCourseOr404(
        db,
        request.params.challengeId,
        filters.sectionId,
      );
      const summaryRead = readSummary(db, challenge);
      const [summary, page, total] = await Promise.all([
        summaryRead,
        readResultsPage(db, challenge, filters, after, limit),
        totalOf(db, challenge, filters, summaryRead),
      ]);
      const body: Omit<ResultsResponse, 'generatedAt'> = {
        challenge,
        ...(course ? { course } : {}),
        summary,
        total,
        rows: page.rows,
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
      return sendPolled(request, reply, body);
    },
  );

  app.get(
    studentSubmissionsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: studentSubmissionsParamsSchema,
        // `?examCode=`: the submissions made under that exam (contract/exams.ts).
        querystring: examCodeQuerySchema,
        response: { 200: studentSubmissionsResponseSchema },
      },
    },
    async (request) => {
      const { challengeId, userId } = request.params;
      const { examCode } = request.query;
      const [challenge, student, exam] = await Promise.all([
        challengeOr404(db, challengeId),
        readStudent(db, userId),
        examCode === undefined ? undefined : findExamByCode(db, examCode),
      ]);
      if (!student) throw new HttpError(404, messages.studentIdNotFound);
      if (examCode !== undefined && !exam) throw new HttpError(404, examMessages.examNotFound);
      const sitting = exam ? sql`${exam.sittingId}::uuid` : ownSittingOf(challenge.challengeId);
      const testCases = await readTestCases(db, challenge.challengeId);
      const [attempt, submissions] = await Promise.all([
        readAttempt(db, userId, challenge.challengeId, sitting),
        readSubmissions(db, userId, challenge.challengeId, sitting, testCases),
      ]);
      return { challenge, student, attempt, testCases, submissions };
    },
  );
};
