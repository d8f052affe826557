/**
 * Role checks for routes (DESIGN.md §3): a route opts in with `onRequest: guards.staff` (every
 * teaching-staff call, which also names its action: `config: { action }`, policy.ts), `.student`
 * or `.signedIn`, so the check comes before the body is even read or validated. No token or a bad
 * one answers 401, an expired one 401 with its own message, a token of the wrong role 403, a
 * revoked one (its account logged out, reset its password, was signed out everywhere or deleted:
 * session-versions.ts) 401 as a bad one, a staff member whose role does not allow the action
 * 403. The verified claims are on `request.auth`, the staff member on `request.actor`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import type { Db } from '../db/connection.ts';
import { authorizeNamed } from './course-scope.ts';
import { can, isStaffAction, type Actor, type StaffAction } from './policy.ts';
import { loadActor } from './staff-actor.ts';
import type { SessionVersions } from './session-versions.ts';
import type { Role, TokenClaims, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims | null;
    /** The staff member behind a `guards.staff` call; null on every other call. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** What a staff route does, in the policy's words (policy.ts). */
    action?: StaffAction;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/**
 * `staffScope` is not put on routes by hand: the app adds it as every staff route's first
 * preValidation hook (staff-route-check.ts), so it runs once the body is parsed and can see
 * which course the call is about (course-scope.ts), before the input is validated.
 */
export type Guards = { staff: Guard; staffScope: Guard; student: Guard; signedIn: Guard };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function createGuards(tokens: TokenService, versions: SessionVersions, db: Db): Guards {
  const allow = (roles: Role[]): Guard =>
    async function guard(request) {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, messages.unauthorized);
      const result = await tokens.verify(token);
      if (!result.ok) {
        throw new HttpError(
          401,
          result.reason === 'expired' ? messages.sessionExpired : messages.unauthorized,
        );
      }
      const { claims } = result;
      // The role first: a wrong-role call is refused without looking the account up.
      if (!roles.includes(claims.role)) throw new HttpError(403, messages.forbidden);
      if (!(await versions.isCurrent(claims.role, claims.sub, claims.ver)))
        throw new HttpError(401, messages.unauthorized);
      request.auth = claims;
      if (claims.role === 'admin') {
        // A deactivated member's token is refused even before its version moves on.
        const actor = await loadActor(db, claims);
        if (!actor) throw new HttpError(401, messages.unauthorized);
        request.actor = actor;
      }
    };
  const staffToken = allow(['admin']);
  return {
    async staff(request, reply) {
      const action = request.routeOptions.config.action;
      // staff-route-check.ts refuses to start a server with such a route; this is the backstop.
      if (!isStaffAction(action)) throw new HttpError(403, messages.forbidden);
      await staffToken(request, reply);
      if (!request.actor || !can(request.actor, action)) {
        throw new HttpError(403, messages.forbidden);
      }
    },
    async staffScope(request) {
      const action = request.routeOptions.config.action;
      if (!request.actor || !isStaffAction(action)) throw new HttpError(403, messages.forbidden);
      await authorizeNamed(db, request.actor, action, request);
    },
    student: allow(['student']),
    signedIn: allow(['student', 'admin']),
  };
}
