/**
 * The check in front of /api/compiler/*: a compiler token (Authorization: Bearer) and the
 * application key (x-app-key header or appKey query parameter). Runs onRequest, before the body
 * is read. A session token is refused: it is signed with another key. A token whose session was
 * ended (logout, password reset, sign out everywhere, deletion: auth/session-versions.ts) is
 * refused as a missing one, from this process's memory of the versions, with no database read.
 */
import type { FastifyRequest } from 'fastify';
import { APP_KEY_HEADER } from '../../contract/compiler.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import type { SessionVersions } from '../auth/session-versions.ts';
import type { CompilerClaims, CompilerTokenService } from './compiler-tokens.ts';
import { sameSecret } from './secrets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    compilerAuth: CompilerClaims | null;
  }
}

function appKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[APP_KEY_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.appKey;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export type CompilerGuard = (request: FastifyRequest) => Promise<void>;

export function createCompilerGuard(
  tokens: CompilerTokenService,
  appKey: string,
  versions: SessionVersions,
): CompilerGuard {
  return async function compilerGuard(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, messages.compilerTokenMissing);
    const result = await tokens.verify(token);
    if (!result.ok)
      throw new HttpError(
        401,
        result.reason === 'expired' ? messages.compilerTokenExpired : messages.compilerTokenMissing,
      );
    const key = appKeyOf(request);
    if (!key || !sameSecret(key, appKey)) throw new HttpError(403, messages.compilerAppKeyInvalid);
    const { claims } = result;
    if (!(await versions.isCurrent('student', claims.sub, claims.ver)))
      throw new HttpError(401, messages.compilerTokenMissing);
    request.compilerAuth = claims;
  };
}

/** The verified student of a guarded request. */
export function compilerUser(request: FastifyRequest): CompilerClaims {
  if (!request.compilerAuth) throw new HttpError(401, messages.compilerTokenMissing);
  return request.compilerAuth;
}
