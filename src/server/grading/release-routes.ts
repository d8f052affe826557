/**
 * Staff set when students see results (issue 34 item 5, contract/result-release.ts): the rule of
 * a challenge or an exam (GET, PUT) and "Release" (POST …/release/now). The course of the named
 * challenge or exam decides who may (course-scope.ts); the audit log records each change
 * (record-audit.ts). Saving another mode starts it afresh (an earlier Release no longer counts);
 * saving the same mode keeps it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { challengeIdSchema } from '../../contract/challenges.ts';
import { examMessages } from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import {
  challengeReleaseNowRoute,
  challengeReleaseRoute,
  examReleaseNowRoute,
  examReleaseRoute,
  releaseRequestSchema,
  releaseStateSchema,
  type ReleaseMode,
  type ReleaseState,
} from '../../contract/result-release.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { HttpError } from '../http-error.ts';
import { challengeReleaseRules, examReleaseRule } from './release-queries.ts';
import { releasedFor, type ReleaseRule } from './release-rule.ts';

type Deps = { db: Db; guards: Guards; timeZone: string; now: () => Date };

/** What a rule is kept under: a challenge's id as stored, or an exam's sitting. */
type Target = { column: 'challenge_id' | 'exam_sitting_id'; key: string };

const challengeParams = z.object({ challengeId: challengeIdSchema });
const examParams = z.object({ examCode: z.string().trim().min(1).max(64) });

export const releaseRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, timeZone, now } = deps;

  async function challengeTarget(challengeId: string): Promise<Target> {
    const row = rowsOf<{ id: string }>(
      await db.execute(sql`
        select challenge_id as id from challenges where lower(challenge_id) = lower(${challengeId})`),
    )[0];
    if (!row) throw new HttpError(404, messages.challengeNotFound);
    return { column: 'challenge_id', key: row.id };
  }

  async function examTarget(examCode: string): Promise<Target> {
    const row = rowsOf<{ id: string }>(
      await db.execute(sql`
        select sitting_id::text as id from exams where lower(code) = lower(${examCode.trim()})`),
    )[0];
    if (!row) throw new HttpError(404, examMessages.examNotFound);
    return { column: 'exam_sitting_id', key: row.id };
  }

  async function ruleOf(target: Target): Promise<ReleaseRule> {
    const rule =
      target.column === 'challenge_id'
        ? (await challengeReleaseRules(db, [target.key], timeZone)).get(target.key)
        : await examReleaseRule(db, target.key, timeZone);
    if (!rule) throw new HttpError(404, messages.notFound);
    return rule;
  }

  async function stateOf(target: Target): Promise<ReleaseState> {
    const rule = await ruleOf(target);
    return {
      mode: rule.mode,
      releasedAt: rule.releasedAt?.toISOString() ?? null,
      endsAt: rule.endsAt.toISOString(),
      released: releasedFor(rule, now()),
    };
  }

  const column = (target: Target) => sql.raw(target.column);
  const keyOf = (target: Target) =>
    target.column === 'challenge_id' ? sql`${target.key}` : sql`${target.key}::uuid`;

  async function setMode(target: Target, mode: ReleaseMode): Promise<void> {
    await db.execute(sql`
      insert into result_releases (${column(target)}, mode) values (${keyOf(target)}, ${mode})
      on conflict (${column(target)}) do update set mode = excluded.mode, updated_at = now(),
        released_at = case when result_releases.mode = excluded.mode
          then result_releases.released_at end`);
  }

  /** "Release": from now, whatever the mode (a rule not saved yet is manual, released). */
  async function releaseNow(target: Target): Promise<void> {
    await db.execute(sql`
      insert into result_releases (${column(target)}, mode, released_at)
      values (${keyOf(target)}, 'manual', ${now().toISOString()}::timestamptz)
      on conflict (${column(target)}) do update set released_at = excluded.released_at,
        updated_at = now()`);
  }

  const read = { onRequest: guards.staff, config: { action: 'results.read' as const } };
  const write = { onRequest: guards.staff, config: { action: 'grading.write' as const } };
  const answers = { 200: releaseStateSchema };

  app.get(
    challengeReleaseRoute,
    { ...read, schema: { params: challengeParams, response: answers } },
    async (request) => stateOf(await challengeTarget(request.params.challengeId)),
  );
  app.put(
    challengeReleaseRoute,
    {
      ...write,
      schema: { params: challengeParams, body: releaseRequestSchema, response: answers },
    },
    async (request) => {
      const target = await challengeTarget(request.params.challengeId);
      await setMode(target, request.body.mode);
      return stateOf(target);
    },
  );
  app.post(
    challengeReleaseNowRoute,
    { ...write, schema: { params: challengeParams, response: answers } },
    async (request) => {
      const target = await challengeTarget(request.params.challengeId);
      await releaseNow(target);
      return stateOf(target);
    },
  );
  app.get(
    examReleaseRoute,
    { ...read, schema: { params: examParams, response: answers } },
    async (request) => stateOf(await examTarget(request.params.examCode)),
  );
  app.put(
    examReleaseRoute,
    { ...write, schema: { params: examParams, body: releaseRequestSchema, response: answers } },
    async (request) => {
      const target = await examTarget(request.params.examCode);
      await setMode(target, request.body.mode);
      return stateOf(target);
    },
  );
  app.post(
    examReleaseNowRoute,
    { ...write, schema: { params: examParams, response: answers } },
    async (request) => {
      const target = await examTarget(request.params.examCode);
      await releaseNow(target);
      return stateOf(target);
    },
  );
};
