/**
 * The admin's challenge calls (spec §7) and the signed-in list GET /api/user/getChallenges.
 * Paths, payloads and the answer fields the spec names are kept as they are.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addChallengePath,
  addChallengeResponseSchema,
  CHALLENGE_MAX_BODY_BYTES,
  challengeIdRequestSchema,
  challengeIdSchema,
  challengeInputSchema,
  challengeSchema,
  deleteChallengePath,
  deleteChallengeResponseSchema,
  getChallengePath,
  getChallengesPath,
  getChallengesResponseSchema,
  updateChallengePath,
  updateChallengeResponseSchema,
} from '../../contract/challenges.ts';
import { messages } from '../../contract/messages.ts';
import type { CompareRule } from '../../contract/compare-rule.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { courseForNew, visibleCourses } from '../auth/course-scope.ts';
import { gateChallengeList } from '../grading/student-release.ts';
import { HttpError } from '../http-error.ts';
import { withStoredTestData } from '../test-data/stored-test-data.ts';
import type { JudgeService } from '../judge/index.ts';
import {
  deleteChallenge,
  findChallenge,
  insertChallenge,
  listAttemptedChallenges,
  listChallenges,
  updateChallenge,
} from './challenge-queries.ts';
import { assertWindowCloses, newChallengeTimes, updatedChallengeTimes } from './challenge-times.ts';

type Deps = {
  db: Db;
  guards: Guards;
  judge: Pick<JudgeService, 'checkChecker'>;
  /** CHALLENGE_DATA_MAX_MB: all of a challenge's tests, text and files. */
  maxChallengeBytes: number;
  /** TZ: the challenges' dates and times are read in it, and the answers name it. */
  timeZone: string;
  /** The server's clock: a student's best scores show once released (grading/). */
  now: () => Date;
};

const notFound = () => new HttpError(404, messages.challengeNotFound);

/**
 * A checker program that does not compile is refused when it is saved, with the compiler's
 * message, rather than failing every submission later. It is compiled here once and kept, so the
 * first submission does not wait for it. A judge that cannot run now (no sandbox, a full queue)
 * does not stop the save: the checker is then compiled with the first submission.
 */
export async function assertCheckerCompiles(
  judge: Deps['judge'],
  log: { warn(obj: object, msg: string): void },
  compare: CompareRule | undefined,
  source: string | undefined,
): Promise<void> {
  if (compare?.mode !== 'checker' || !source) return;
  let problem: string | null;
  try {
    problem = await judge.checkChecker(compare.language, source);
  } catch (err) {
    log.warn({ err }, 'the checker program could not be compiled on save');
    return;
  }
  if (problem?.startsWith(messages.checkerDoesNotCompile)) throw new HttpError(400, problem);
  if (problem) log.warn({ problem }, 'the checker program could not be compiled on save');
}

export const challengeRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, judge, maxChallengeBytes, timeZone, now },
) => {
  /** A challenge in an answer: with the zone its dates and times are read in. */
  const zoned = <T extends object>(challenge: T) => ({ ...challenge, timeZone });

  app.post(
    addChallengePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      bodyLimit: CHALLENGE_MAX_BODY_BYTES,
      schema: { body: challengeInputSchema, response: { 200: addChallengeResponseSchema } },
    },
    async (request) => {
      const { compare, checkerSource } = request.body;
      const times = newChallengeTimes(request.body);
      assertWindowCloses({ ...request.body, ...times }, timeZone);
      await assertCheckerCompiles(judge, request.log, compare, checkerSource);
      const course = await courseForNew(
        db,
        request.actor,
        request.body.courseId,
        'challenge.write',
      );
      const created = await insertChallenge(
        db,
        { ...(await withStoredTestData(db, request.body, maxChallengeBytes)), ...times },
        course,
      );
      if (!created) throw new HttpError(409, messages.challengeExists);
      return { challengeCreated: zoned(created) };
    },
  );

  app.post(
    getChallengePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      schema: { body: challengeIdRequestSchema, response: { 200: challengeSchema } },
    },
    async (request) => {
      const challenge = await findChallenge(db, request.body.challengeId);
      if (!challenge) throw notFound();
      return zoned(challenge);
    },
  );

  app.post(
    updateChallengePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      bodyLimit: CHALLENGE_MAX_BODY_BYTES,
      schema: { body: challengeInputSchema, response: { 200: updateChallengeResponseSchema } },
    },
    async (request) => {
      const { compare, checkerSource } = request.body;
      const times = await updatedChallengeTimes(db, request.body);
      if (!times) throw notFound();
      assertWindowCloses({ ...request.body, ...times }, timeZone);
      await assertCheckerCompiles(judge, request.log, compare, checkerSource);
      const updated = await updateChallenge(db, {
        ...(await withStoredTestData(db, request.body, maxChallengeBytes)),
        ...times,
      });
      if (!updated) throw notFound();
      return { challengeUpdated: zoned(updated) };
    },
  );

  app.post(
    deleteChallengePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      schema: {
        querystring: z.object(
          { challengeId: challengeIdSchema },
          { error: messages.provideChallengeId },
        ),
        response: { 200: deleteChallengeResponseSchema },
      },
    },
    async (request) => {
      const deleted = await deleteChallenge(db, request.query.challengeId);
      if (!deleted) throw notFound();
      return { challengeDeleted: zoned(deleted) };
    },
  );

  app.get(
    getChallengesPath,
    { onRequest: guards.signedIn, schema: { response: { 200: getChallengesResponseSchema } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, messages.unauthorized);
      const challenges =
        auth.role === 'admin'
          ? await listChallenges(db, visibleCourses(request.actor))
          : await gateChallengeList(
              db,
              { timeZone, now },
              await listAttemptedChallenges(db, auth.sub),
            );
      return { challenges, timeZone };
    },
  );
};
