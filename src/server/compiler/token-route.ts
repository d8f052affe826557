/**
 * POST /api/user/getToken {email, name[, challengeId[, examCode]]} (spec §7): a student's compiler
 * token, valid for the rest of their session; with a challengeId, also the compiler page's
 * address, which names the exam (`exam=<code>`, as stored) when the problem is opened in one.
 */
import { decodeJwt } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getTokenPath,
  getTokenRequestSchema,
  getTokenResponseSchema,
} from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import type { Guards } from '../auth/guards.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { examForStudent } from '../exams/student-exam.ts';
import { HttpError } from '../http-error.ts';
import { challengeSitting } from '../sittings/sitting-queries.ts';
import { assertVisibleToStudents } from '../sittings/sitting-rules.ts';
import { gateFor, type CheckAccess } from '../sittings/access/check-access.ts';
import type { CompilerTokenService } from './compiler-tokens.ts';
import type { CompilerUrlFor } from './compiler-url.ts';

type Deps = {
  db: Db;
  guards: Guards;
  compilerTokens: CompilerTokenService;
  compilerUrlFor: CompilerUrlFor;
  sessionTtlSeconds: number;
  checkAccess: CheckAccess;
};

/** When the caller's session token expires (seconds since the epoch). */
function sessionExpiry(authorization: string | undefined, fallbackTtl: number): number {
  const token = authorization?.split(' ')[1] ?? '';
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') return exp;
  } catch {
    // The guard has verified it; a token without exp still gets a bounded lifetime.
  }
  return Math.floor(Date.now() / 1000) + fallbackTtl;
}

export const tokenRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    getTokenPath,
    {
      onRequest: deps.guards.student,
      schema: { body: getTokenRequestSchema, response: { 200: getTokenResponseSchema } },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, messages.unauthorized);
      const { email, name, challengeId, examCode } = request.body;
      if (email.toLowerCase() !== auth.email.toLowerCase() || name !== auth.name.trim())
        throw new HttpError(403, messages.compilerTokenMismatch);
      if (challengeId !== undefined && !(await findChallenge(deps.db, challengeId)))
        throw new HttpError(404, messages.challengeNotFound);
      // In an exam, the exam must be one the student may take (whether the problem is theirs is
      // checked by every compiler call, exam-access.ts, so the address reveals nothing here); a
      // challenge on its own must be visible to students (its own sitting's lifecycle).
      // Either way the sitting's access rules come next (sittings/access/).
      const gate = gateFor(deps.checkAccess, request);
      const exam =
        examCode === undefined ? undefined : await examForStudent(deps.db, examCode, gate);
      if (challengeId !== undefined && exam === undefined) {
        const sitting = await challengeSitting(deps.db, challengeId);
        assertVisibleToStudents(sitting);
        await gate(sitting);
      }
      const exp = sessionExpiry(request.headers.authorization, deps.sessionTtlSeconds);
      const token = await deps.compilerTokens.issue(
        // The session's version: whatever ends the session ends this token too.
        { sub: auth.sub, email: auth.email, name: auth.name, ver: auth.ver },
        exp,
      );
      return {
        token,
        expiresAt: new Date(exp * 1000).toISOString(),
        ...(challengeId === undefined
          ? {}
          : { url: deps.compilerUrlFor(challengeId, token, exam?.code) }),
      };
    },
  );
};
