/**
 * GET and PUT /api/admin/challenges/:challengeId/access-rules and
 * /api/admin/exams/:examCode/access-rules (contract/access-rules.ts): a sitting's access rules, for
 * staff (guards.staff). GET never gives the password nor its hash, only whether one is set; PUT
 * keeps, sets or clears it. The hash is made before the write, outside any transaction; the write
 * is one statement.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessRulesRequestSchema,
  accessRulesViewSchema,
  challengeAccessRulesRoute,
  examAccessRulesRoute,
} from '../../../contract/access-rules.ts';
import { examCodeParamsSchema, examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import { challengeLifecycleParamsSchema } from '../../../contract/sittings.ts';
import type { Guards } from '../../auth/guards.ts';
import { findChallenge } from '../../challenges/challenge-queries.ts';
import type { Db } from '../../db/connection.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { HttpError } from '../../http-error.ts';
import { challengeSitting } from '../sitting-queries.ts';
import { nextRules, readRules, viewOf, writeRules } from './rules-writes.ts';

type Deps = { db: Db; guards: Guards };

export const accessRuleRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  /** The sitting of a challenge (made on first use, as every challenge gets one). */
  const challengeSittingId = async (challengeId: string) => {
    if (!(await findChallenge(db, challengeId)))
      throw new HttpError(404, messages.challengeNotFound);
    return (await challengeSitting(db, challengeId)).id;
  };
  const examSittingId = async (examCode: string) => {
    const exam = await findExamByCode(db, examCode);
    if (!exam) throw new HttpError(404, examMessages.examNotFound);
    return exam.sittingId;
  };
  const read = async (sittingId: string) => viewOf(await readRules(db, sittingId));
  const write = async (sittingId: string, body: Parameters<typeof nextRules>[1]) => {
    const rules = await nextRules(await readRules(db, sittingId), body);
    await writeRules(db, sittingId, rules);
    return viewOf(rules);
  };

  const response = { 200: accessRulesViewSchema };
  app.get(
    challengeAccessRulesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { params: challengeLifecycleParamsSchema, response },
    },
    async (request) => read(await challengeSittingId(request.params.challengeId)),
  );
  app.put(
    challengeAccessRulesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.control' },
      schema: { params: challengeLifecycleParamsSchema, body: accessRulesRequestSchema, response },
    },
    async (request) => write(await challengeSittingId(request.params.challengeId), request.body),
  );
  app.get(
    examAccessRulesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { params: examCodeParamsSchema, response },
    },
    async (request) => read(await examSittingId(request.params.examCode)),
  );
  app.put(
    examAccessRulesRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.control' },
      schema: { params: examCodeParamsSchema, body: accessRulesRequestSchema, response },
    },
    async (request) => write(await examSittingId(request.params.examCode), request.body),
  );
};
