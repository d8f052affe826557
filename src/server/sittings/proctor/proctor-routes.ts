/**
 * The proctor view's calls (contract/proctor.ts), staff only: GET
 * /api/admin/challenges/:challengeId/proctor and /api/admin/exams/:examCode/proctor, each a long
 * poll (follow-proctor.ts) over the sitting's one read (proctor-queries.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examMessages } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import {
  proctorChallengeParamsSchema,
  proctorChallengeRoute,
  proctorExamParamsSchema,
  proctorExamRoute,
  proctorQuerySchema,
  proctorViewSchema,
  type ProctorView,
} from '../../../contract/proctor.ts';
import type { Guards } from '../../auth/guards.ts';
import type { ChangeFeed } from '../../changes/change-feed.ts';
import type { Db } from '../../db/connection.ts';
import { findExamByCode } from '../../exams/exam-queries.ts';
import { HttpError } from '../../http-error.ts';
import { challengeSitting, findSitting, type Sitting } from '../sitting-queries.ts';
import { followProctor } from './follow-proctor.ts';
import {
  examChallengeIds,
  findChallengeNameAndCourse,
  readProctorRows,
} from './proctor-queries.ts';
import { buildProctorView } from './proctor-view.ts';
import { unansweredQuestionCount } from '../notices/notice-queries.ts';

type Deps = {
  db: Db;
  guards: Guards;
  feed: ChangeFeed;
  /** Settles when the server starts closing: held polls answer at once. */
  closing: Promise<void>;
  now: () => Date;
};

/** What a poll needs of its sitting, found once per request. */
type Watched = {
  sitting: Sitting;
  kind: 'challenge' | 'exam';
  code: string;
  title: string;
  /** Whose students the view lists (proctor-queries.ts). */
  courseId: string | undefined;
  challengeIds: ReadonlySet<string>;
};

export const proctorRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, feed, closing, now } = deps;

  const answer = (
    watched: Watched,
    query: { known?: string | undefined; wait?: number | undefined },
    gone: Promise<void>,
  ) => {
    const read = async (): Promise<ProctorView> => {
      // The lifecycle is read again each time: a stop while the poll is held changes every state.
      const sitting = (await findSitting(db, watched.sitting.id)) ?? watched.sitting;
      const [rows, unanswered] = await Promise.all([
        readProctorRows(db, sitting.id, watched.courseId),
        unansweredQuestionCount(db, sitting.id),
      ]);
      return buildProctorView(
        rows,
        {
          kind: watched.kind,
          code: watched.code,
          title: watched.title,
          lifecycle: sitting.lifecycle,
          stoppedAt: sitting.stoppedAt?.toISOString() ?? null,
        },
        now(),
        unanswered,
      );
    };
    return followProctor({
      feed,
      sittingId: watched.sitting.id,
      challengeIds: watched.challengeIds,
      known: query.known,
      wait: query.wait,
      gone,
      closing,
      read,
    });
  };

  const schema = { querystring: proctorQuerySchema, response: { 200: proctorViewSchema } };

  app.get(
    proctorChallengeRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { ...schema, params: proctorChallengeParamsSchema },
    },
    async (request, reply) => {
      const { challengeId } = request.params;
      const challenge = await findChallengeNameAndCourse(db, challengeId);
      if (challenge === undefined) throw new HttpError(404, messages.challengeNotFound);
      const sitting = await challengeSitting(db, challengeId);
      return answer(
        {
          sitting,
          kind: 'challenge',
          code: challengeId,
          title: challenge.title,
          courseId: challenge.courseId,
          challengeIds: new Set([challengeId]),
        },
        request.query,
        new Promise<void>((resolve) => reply.raw.once('close', resolve)),
      );
    },
  );

  app.get(
    proctorExamRoute,
    {
      onRequest: guards.staff,
      config: { action: 'sitting.read' },
      schema: { ...schema, params: proctorExamParamsSchema },
    },
    async (request, reply) => {
      const exam = await findExamByCode(db, request.params.examCode);
      const sitting = exam && (await findSitting(db, exam.sittingId));
      if (!exam || !sitting) throw new HttpError(404, examMessages.examNotFound);
      return answer(
        {
          sitting,
          kind: 'exam',
          code: exam.code,
          title: exam.title,
          courseId: exam.courseId ?? undefined,
          challengeIds: new Set(await examChallengeIds(db, sitting.id)),
        },
        request.query,
        new Promise<void>((resolve) => reply.raw.once('close', resolve)),
      );
    },
  );
};
