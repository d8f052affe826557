/**
 * The one fetch wrapper of the web app. Every call sends and receives JSON, carries the bearer
 * token when one is given and gives up after the spec's HTTP timeout. A failure always becomes an
 * ApiError whose message is what the student should read: the server's `message`, or else the
 * catalogue's network error text (spec §8).
 *
 * A call that carried a bearer token and was answered 401 tells the token's holders (the student
 * and administrator sessions, through token-refusals.ts) that the server no longer takes it: the
 * account was signed out everywhere, its password reset, or the token expired (issue 15 item 4).
 * A 401 to a call without a token (a wrong password at sign-in) and a 403 (the wrong role) say
 * nothing about a session. The failure is shown as before, by whoever made the call.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../contract/error.ts';
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { messages } from '../../contract/messages.ts';
import { reportTokenRefused } from './token-refusals.ts';

export class ApiError extends Error {
  /** The HTTP status, or 0 when no answer arrived (offline, refused, timed out). */
  readonly status: number;
  /** A 503's Retry-After in seconds: the server is busy and says when to come back. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, status: number, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in whole seconds (the server sends seconds, never a date), if one is usable. */
export function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null || !/^\d+$/u.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * The ApiError for a failed answer (or for none, status 0) to a call that carried `token`,
 * telling the token's holders first when the server refused it (token-refusals.ts). Every way
 * the app calls the server (fetch, upload, download) fails through here.
 */
export function callFailure(
  message: string,
  status: number,
  token?: string,
  retryAfterSeconds?: number,
): ApiError {
  if (status === 401 && token) reportTokenRefused(token);
  return new ApiError(message, status, status === 503 ? retryAfterSeconds : undefined);
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  /** Extra request headers (the compiler page's application key). */
  headers?: Record<string, string>;
  /** Checks the success body; without it the body is returned as `unknown`. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, schema } = options;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
    payload = await readJson(response);
  } catch {
    // Offline, refused, reset or timed out: the browser's own texts help nobody on exam day.
    throw new ApiError(messages.networkError, 0);
  }

  if (!response.ok) {
    const failure = errorBodySchema.safeParse(payload);
    const message =
      failure.success && failure.data.message.trim() !== ''
        ? failure.data.message
        : messages.networkError;
    throw callFailure(message, response.status, token, retryAfterOf(response));
  }
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(messages.internalError, response.status);
  return parsed.data;
}
