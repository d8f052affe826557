/**
 * A GET that polls cheaply: it sends the last answer's ETag as If-None-Match, and a 304 means
 * "nothing changed" (no body to download or validate). The HTTP cache is bypassed so the 304
 * reaches the caller instead of being turned back into the cached body. Failures become the same
 * ApiError as api-client's, with the server's `message` or the network text.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../contract/error.ts';
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { messages } from '../../contract/messages.ts';
import { ApiError, callFailure } from './api-client.ts';

export type ConditionalAnswer<T> =
  { changed: false } | { changed: true; data: T; etag: string | null };

export async function conditionalGet<T>(
  path: string,
  options: { token: string; etag: string | null; schema: z.ZodType<T>; signal?: AbortSignal },
): Promise<ConditionalAnswer<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${options.token}`,
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(path, {
      headers,
      signal,
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (response.status === 304) return { changed: false };
    const text = await response.text();
    payload = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    // The caller aborted (a newer query replaced this one): let it see the abort, not a toast.
    if (options.signal?.aborted) throw error;
    throw new ApiError(messages.networkError, 0);
  }

  if (!response.ok) {
    const failure = errorBodySchema.safeParse(payload);
    throw callFailure(
      failure.success && failure.data.message.trim() !== ''
        ? failure.data.message
        : messages.networkError,
      response.status,
      options.token,
    );
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(messages.internalError, response.status);
  return { changed: true, data: parsed.data, etag: response.headers.get('etag') };
}
