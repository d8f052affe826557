/**
 * File upload with progress. fetch cannot report upload progress, so this one call uses
 * XMLHttpRequest, with the same error rules as api-client: the server's `message`, or else the
 * catalogue's network error text. The time limit is longer than the JSON calls' because a 10 MB
 * list on a slow campus link, plus the server's checks, takes longer than 10 s.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../contract/error.ts';
import { messages } from '../../contract/messages.ts';
import { ApiError, callFailure } from './api-client.ts';

export const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadOptions<T> = {
  file: File;
  field: string;
  token?: string;
  schema: z.ZodType<T>;
  /** Text fields sent before the file. */
  fields?: Record<string, string>;
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function uploadFile<T>(path: string, options: UploadOptions<T>): Promise<T> {
  const { file, field, token, schema, onProgress, signal, fields } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const networkFailure = () => reject(new ApiError(messages.networkError, 0));
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = networkFailure;
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const failure = errorBodySchema.safeParse(payload);
        const message =
          failure.success && failure.data.message.trim() !== ''
            ? failure.data.message
            : messages.networkError;
        reject(callFailure(message, xhr.status, token));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(messages.internalError, xhr.status));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
