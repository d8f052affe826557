/**
 * Saves a file the server makes (the roster template, an export, a test file) under the given
 * name. A plain link cannot send the admin's bearer token, so the file is fetched, then handed to
 * the browser as a blob URL.
 */
import { errorBodySchema } from '../../contract/error.ts';
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { messages } from '../../contract/messages.ts';
import { ApiError, callFailure } from './api-client.ts';

export async function downloadFile(
  path: string,
  fileName: string,
  token?: string,
  /** Longer for big files (a challenge's test data); the app's HTTP limit otherwise. */
  timeoutMs = HTTP_TIMEOUT_MS,
): Promise<void> {
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
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
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
