/**
 * The one check of a sitting's access rules (contract/access-rules.ts), called wherever a student's
 * request resolves its sitting: getToken, every compiler call (statement, Run, Submit, history,
 * timer) and every exam call. The rules are read with the sitting (sitting-queries.ts; Submit's
 * batched statement reads them too), so a sitting without rules costs nothing more.
 *
 * Order: networks, then Safe Exam Browser, then the password, so a password is never tried (nor
 * counted) from outside the room or outside SEB. Each refusal names its rule.
 *
 * The password is sent once, in the X-Sitting-Password header (URI-encoded), on the call the page
 * repeats after the "password needed" refusal. Failures are counted with the attempt limiter under
 * its own scope, per student and sitting and per client address, and past the limit the answer is
 * sign-in's 429 with Retry-After. Once accepted it is remembered in the database
 * (pass-queries.ts), so every server process lets the student in until their next attempt.
 */
import type { FastifyRequest } from 'fastify';
import {
  accessMessages,
  SITTING_PASSWORD_HEADER,
  storedAccessRulesSchema,
  type StoredAccessRules,
} from '../../../contract/access-rules.ts';
import { messages } from '../../../contract/messages.ts';
import type { AttemptLimiter } from '../../auth/attempt-limits.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../http-error.ts';
import { addressAllowed } from './networks.ts';
import { passAdmits, recordPass } from './pass-queries.ts';
import { checkSebHeader } from './seb-hash.ts';
import { verifySittingPassword } from './sitting-password.ts';

/**
 * A sitting as the check reads it. `passAdmits`: already known (Submit's batched read) whether
 * the student's pass stands; absent, it is read when the sitting has a password.
 */
export type AccessSitting = {
  id: string;
  accessRules: StoredAccessRules | null;
  passAdmits?: boolean;
};

export type CheckAccess = (sitting: AccessSitting, request: FastifyRequest) => Promise<void>;

/** The typed password of the request, if it sent one. */
function typedPassword(request: FastifyRequest): string | undefined {
  const header = request.headers[SITTING_PASSWORD_HEADER];
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return decodeURIComponent(header).trim();
  } catch {
    return header.trim();
  }
}

/** The student of the request: a compiler token's or a session's (the guards set one). */
function studentOf(request: FastifyRequest): string {
  const sub = request.compilerAuth?.sub ?? request.auth?.sub;
  if (!sub) throw new HttpError(401, messages.unauthorized);
  return sub;
}

export function createAccessCheck(db: Db, limiter: AttemptLimiter): CheckAccess {
  async function checkPassword(
    sitting: AccessSitting,
    password: NonNullable<StoredAccessRules['password']>,
    request: FastifyRequest,
  ): Promise<void> {
    const userId = studentOf(request);
    const admitted = sitting.passAdmits ?? (await passAdmits(db, sitting.id, userId, password.id));
    if (admitted) return;
    const typed = typedPassword(request);
    if (typed === undefined) throw new HttpError(403, accessMessages.passwordNeeded);
    const account = `${sitting.id}:${userId}`;
    const { retryAfter } = await limiter.check(account, request.ip);
    if (retryAfter > 0)
      throw new HttpError(429, messages.tooManyAttempts, { 'retry-after': String(retryAfter) });
    if (!(await verifySittingPassword(password.hash, typed))) {
      await limiter.record(account, request.ip);
      throw new HttpError(403, accessMessages.passwordWrong);
    }
    await recordPass(db, sitting.id, userId, password.id);
  }

  return async function checkAccess(sitting, request) {
    if (sitting.accessRules === null) return;
    // Written only through the staff call, so a shape it cannot read is a fault: refuse (500).
    const rules = storedAccessRulesSchema.parse(sitting.accessRules);
    if (rules.networks.length > 0 && !addressAllowed(request.ip, rules.networks))
      throw new HttpError(403, accessMessages.networkRefused);
    if (rules.sebConfigKey !== null) {
      const verdict = checkSebHeader(request, rules.sebConfigKey);
      if (verdict === 'missing') throw new HttpError(403, accessMessages.sebRequired);
      if (verdict === 'wrong') throw new HttpError(403, accessMessages.sebWrongConfig);
    }
    if (rules.password !== null) await checkPassword(sitting, rules.password, request);
  };
}

/** The check for a route: the sitting a call resolves, with this request. */
export type AccessGate = (sitting: AccessSitting) => Promise<void>;
export const gateFor =
  (checkAccess: CheckAccess, request: FastifyRequest): AccessGate =>
  (sitting) =>
    checkAccess(sitting, request);
