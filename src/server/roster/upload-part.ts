/**
 * Reads the multipart field `file` of an upload into memory (at most 10 MB, which the multipart
 * parser enforces while reading). No file, or the empty part a browser sends when nothing was
 * chosen (or an empty file), is the spec's 'Please Select a file'.
 */
import type { FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.ts';
import { ROSTER_FILE_FIELD } from '../../contract/roster.ts';
import { HttpError } from '../http-error.ts';

export type UploadedFile = { fileName: string; data: Buffer };

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT')
  );
}

export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, messages.rosterNotMultipart);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== ROSTER_FILE_FIELD || part.filename === '') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      // An empty file is what a browser sends when nothing was chosen.
      if (data.length === 0) throw new HttpError(400, messages.selectFile);
      return { fileName: part.filename, data };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isTooLarge(error)) throw new HttpError(413, messages.rosterTooLarge);
    throw new HttpError(400, messages.rosterNotMultipart);
  }
  throw new HttpError(400, messages.selectFile);
}
