/**
 * What an error or a request becomes in a log line, for the server and the judge worker alike. No
 * secret may reach a log (issue 15 item 8), and the two ways one did are closed here:
 * - drizzle's failed-query error carries the query's parameters in its message, its stack and a
 *   `params` field: a password hash, a reset token's digest, a student's code. The database
 *   error under it can quote a whole row in `detail` ("Failing row contains (...)"). Only the
 *   SQL text and the database's own identifying fields are kept.
 * - a URL's query string carries links' tokens (a password reset link, a compiler hand-over).
 *   Parameter names stay, their values do not.
 */
import type { FastifyRequest } from 'fastify';

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  [field: string]: unknown;
};

/** A database error's fields that name what failed without quoting any value. */
const DATABASE_FIELDS = [
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
] as const;

const MAX_CAUSES = 5;

function isFailedQuery(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && typeof error.query === 'string' && 'params' in error;
}

function serializeOne(error: Error): SerializedError {
  const record = error as Error & Record<string, unknown>;
  let message = error.message;
  let stack = error.stack;
  if (isFailedQuery(error)) {
    message = `Failed query: ${error.query}`;
    // The stack starts with the original message, parameters included.
    stack = stack?.replace(error.message, message);
  }
  const out: SerializedError = {
    type: error.constructor.name || error.name,
    message,
    stack: stack ?? '',
  };
  if (typeof record.code === 'string' || typeof record.code === 'number') {
    out.code = String(record.code);
  }
  for (const field of DATABASE_FIELDS) {
    if (typeof record[field] === 'string') out[field] = record[field];
  }
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  return out;
}

/** pino's `err` serializer: the error and its causes, without parameters or quoted rows. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const top = serializeOne(error);
  let current: SerializedError = top;
  let cause: unknown = error.cause;
  for (let depth = 0; depth < MAX_CAUSES && cause !== undefined; depth++) {
    const next: SerializedError =
      cause instanceof Error ? serializeOne(cause) : { type: typeof cause, message: '', stack: '' };
    current.cause = next;
    current = next;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return top;
}

/** The URL with every query value replaced, so a link's token never reaches the log. */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? pair : `${pair.slice(0, equals)}=~`;
    });
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** Fastify's own request serializer with the query values left out. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
