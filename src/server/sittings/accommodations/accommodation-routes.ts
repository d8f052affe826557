/**
 * The staff's accommodation calls (contract/accommodations.ts), one pair per sitting kind, both
 * resolving to a sitting: GET the student's accommodation, timer and log; POST an action, which
 * answers the same after it. Staff only (guards.staff). After every change the student's timer
 * long poll is told (change-feed.ts), so their page shows the new time without a reload.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accommodationRequestSchema,
  accommodationResponseSchema,
  challengeAccommodationsParamsSchema,
  challengeAccommodationsRoute,
  examAccommodationsParamsSchema,
  examAccommodationsRoute,
  type AccommodationRequest,
} from '../../../contract/accommodations.ts';
import { examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { Guards } from '../../auth/guards.ts';
import type { TokenClaims } from '../../auth/tokens.ts';
import { findChallenge } from '../../challenges/challenge-queries.ts';
import type { ChangeFeed } from '../../changes/change-feed.ts';
import { challengeWindow } from '../../compiler/time-window.ts';
import type { Db } from '../../db/connection.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { examWindow } from '../../exams/exam-window.ts';
import { HttpError } from '../../http-error.ts';
import { challengeSitting, findSitting } from '../sitting-queries.ts';
import { findStudent, readAccommodationView } from './accommodation-view.ts';
import { giveAccommodation, type SittingFacts } from './give-accommodation.ts';

type Deps = {
  db: Db;
  guards: Guards;
  feed: Pick<ChangeFeed, 'publishSitting'>;
  timeZone: string;
  now: () => Date;
};

export const accommodationRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, feed, timeZone, now } = deps;

  async function challengeFacts(challengeId: string): Promise<SittingFacts> {
    const challenge = await findChallenge(db, challengeId);
    if (!challenge) throw new HttpError(404, messages.challengeNotFound);
    const sitting = await challengeSitting(db, challenge.challengeId);
    return {
      sittingId: sitting.id,
      durationMinutes: challenge.timeDur,
      classWindow: challengeWindow(challenge, timeZone),
      stoppedAt: sitting.stoppedAt,
    };
  }

  async function examFacts(examCode: string): Promise<SittingFacts> {
    const exam = await findExamByCode(db, examCode);
    const sitting = exam && (await findSitting(db, exam.sittingId));
    if (!exam || !sitting) throw new HttpError(404, examMessages.examNotFound);
    return {
      sittingId: sitting.id,
      durationMinutes: exam.durationMinutes,
      classWindow: examWindow(exam, timeZone),
      stoppedAt: sitting.stoppedAt,
    };
  }

  async function give(
    sitting: SittingFacts,
    userId: string,
    request: AccommodationRequest,
    auth: TokenClaims | null,
  ) {
    if (!auth) throw new HttpError(401, messages.unauthorized);
    await findStudent(db, userId);
    await giveAccommodation(db, {
      sitting,
      userId,
      request,
      giver: { id: auth.sub, email: auth.email, name: auth.name },
      timeZone,
      now: now(),
    });
    await feed.publishSitting({ type: 'sitting', sittingId: sitting.sittingId, userId });
    return readAccommodationView(db, sitting, userId, timeZone, now());
  }

  const read = (sitting: SittingFacts, userId: string) =>
    readAccommodationView(db, sitting, userId, timeZone, now());

  app.get(
    challengeAccommodationsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: {
        params: challengeAccommodationsParamsSchema,
        response: { 200: accommodationResponseSchema },
      },
    },
    async (request) =>
      read(await challengeFacts(request.params.challengeId), request.params.userId),
  );

  app.post(
    challengeAccommodationsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: challengeAccommodationsParamsSchema,
        body: accommodationRequestSchema,
        response: { 200: accommodationResponseSchema },
      },
    },
    async (request) =>
      give(
        await challengeFacts(request.params.challengeId),
        request.params.userId,
        request.body,
        request.auth,
      ),
  );

  app.get(
    examAccommodationsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: {
        params: examAccommodationsParamsSchema,
        response: { 200: accommodationResponseSchema },
      },
    },
    async (request) => read(await examFacts(request.params.examCode), request.params.userId),
  );

  app.post(
    examAccommodationsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.act' },
      schema: {
        params: examAccommodationsParamsSchema,
        body: accommodationRequestSchema,
        response: { 200: accommodationResponseSchema },
      },
    },
    async (request) =>
      give(
        await examFacts(request.params.examCode),
        request.params.userId,
        request.body,
        request.auth,
      ),
  );
};
