/**
 * Role checks for routes (DESIGN.md §3): a route opts in with `onRequest: guards.admin` (or
 * `.staff` for teaching-staff calls, `.student`, `.signedIn`), so the check comes before the body is even read or validated. No
 * token or a bad one answers 401, an expired one 401 with its own message, a token of the wrong
 * role 403, a revoked one (its account logged out, reset its password, was signed out everywhere
 * or deleted: session-versions.ts) 401 as a bad one. The verified claims are on `request.auth`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import type { SessionVersions } from './session-versions.ts';
import type { Role, TokenClaims, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/**
 * `staff` is every teaching-staff call's guard (exams, sittings, proctoring), chosen here once:
 * today it is the administrator's; the staff issue (33) turns it into the role policy without
 * touching the routes that use it.
 */
export type Guards = { admin: Guard; staff: Guard; student: Guard; signedIn: Guard };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function createGuards(tokens: TokenService, versions: SessionVersions): Guards {
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
    };
  return {
    admin: allow(['admin']),
    staff: allow(['admin']),
    student: allow(['student']),
    signedIn: allow(['student', 'admin']),
  };
}
