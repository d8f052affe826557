/**
 * Staff read what a program printed on a submission's tests (issue 34 item 1), beside the
 * expected output: the submissions dialog asks for one test when its row is opened. The course
 * of the submission decides who may (course-scope.ts, from `submissionId`); students never reach
 * it, and their own calls (compiler/) never read these outputs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  submissionOutputsParamsSchema,
  submissionOutputsQuerySchema,
  submissionOutputsResponseSchema,
  submissionOutputsRoute,
  testOutputMessages,
} from '../../contract/test-outputs.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { readTestOutputs } from './test-output-queries.ts';

type Deps = { db: Db; guards: Guards };

export const testOutputRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  app.get(
    submissionOutputsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: submissionOutputsParamsSchema,
        querystring: submissionOutputsQuerySchema,
        response: { 200: submissionOutputsResponseSchema },
      },
    },
    async (request, reply) => {
      const { submissionId } = request.params;
      const { test } = request.query;
      const tests = await readTestOutputs(db, submissionId, test);
      if (!tests) throw new HttpError(404, testOutputMessages.submissionNotFound);
      if (test !== undefined && tests.length === 0)
        throw new HttpError(404, testOutputMessages.testNotFound);
      // A program's output is the student's work: kept out of shared caches.
      reply.header('cache-control', 'private, no-store');
      return { submissionId, tests };
    },
  );
};
