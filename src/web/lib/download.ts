/**
 * Saves a file the server makes (the roster template, an export, a test file) under the given
 * name. A plain link cannot send the admin's bearer token, so the file is fetched, then handed to
 * the browser as a blob URL.
 */
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { fetchBlob } from './fetch-blob.ts';

export async function downloadFile(
  path: string,
  fileName: string,
  token?: string,
  /** Longer for big files (a challenge's test data); the app's HTTP limit otherwise. */
  timeoutMs = HTTP_TIMEOUT_MS,
): Promise<void> {
  const blob = await fetchBlob(path, { token, timeoutMs });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
