/**
 * A file from the server as a Blob (an export, a test file, a statement's image), with the same
 * error rules as api-client: the server's `message`, or else the catalogue's network error text.
 * A plain link or <img> cannot send the bearer token (or the compiler page's application key),
 * so such files are fetched here and shown or saved through blob URLs.
 */
import { errorBodySchema } from '../../contract/error.ts';
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { messages } from '../../contract/messages.ts';
import { ApiError, callFailure } from './api-client.ts';

export type BlobRequest = {
  token?: string;
  /** Extra request headers (the compiler page's application key). */
  headers?: Record<string, string>;
  /** Longer for big files; the app's HTTP limit otherwise. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

export async function fetchBlob(path: string, options: BlobRequest = {}): Promise<Blob> {
  const { token, timeoutMs = HTTP_TIMEOUT_MS } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(path, {
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
    blob = await response.blob();
  } catch {
    throw new ApiError(messages.networkError, 0);
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = JSON.parse(await blob.text()) as unknown;
    } catch {
      payload = undefined;
    }
    const failure = errorBodySchema.safeParse(payload);
    throw callFailure(
      failure.success ? failure.data.message : messages.networkError,
      response.status,
      token,
    );
  }
  return blob;
}
