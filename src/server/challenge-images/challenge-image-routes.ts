/**
 * The teacher's calls for a statement's images (issue 31 item 4, contract/challenge-images.ts),
 * administrators only:
 * - GET  /api/admin/challenges/:challengeId/images        the list, by name
 * - POST /api/admin/challenges/:challengeId/images        one image (multipart: optional `name`,
 *   then `file`); its type is read from its bytes; the same name again replaces it
 * - GET  /api/admin/challenges/:challengeId/images/:name  its bytes, for the form's preview
 * - DELETE the same                                       answers what is left
 * The student's read of an image is statement-image-route.ts, behind the compiler's guard.
 */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHALLENGE_IMAGE_FILE_FIELD,
  CHALLENGE_IMAGE_MAX_BYTES,
  CHALLENGE_IMAGE_MAX_COUNT,
  CHALLENGE_IMAGE_NAME_FIELD,
  challengeImageNameSchema,
  challengeImageParamsSchema,
  challengeImagePath,
  challengeImageSchema,
  challengeImagesParamsSchema,
  challengeImagesPath,
  challengeImagesResponseSchema,
  imageNameFromFileName,
} from '../../contract/challenge-images.ts';
import { messages } from '../../contract/messages.ts';
import { formatBytes } from '../../contract/test-data.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  readTestData,
  removeUnusedTestData,
  storeTestData,
} from '../test-data/test-data-queries.ts';
import {
  deleteChallengeImage,
  findChallengeImage,
  listChallengeImages,
  saveChallengeImage,
} from './challenge-image-queries.ts';
import { imageTypeOf } from './image-type.ts';

type Deps = { db: Db; guards: Guards };

const challengeNotFound = () => new HttpError(404, messages.challengeNotFound);
const tooLarge = () =>
  new HttpError(
    413,
    messages.imageTooLarge.replace('{size}', formatBytes(CHALLENGE_IMAGE_MAX_BYTES)),
  );

/**
 * Reads the upload: the `name` field if any, then the file, whole (2 MB at most: its first bytes
 * decide its type before anything is stored). Parts after the file are read and dropped.
 */
async function readImageUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(415, messages.imageNotMultipart);
  let typedName: string | undefined;
  let upload: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === CHALLENGE_IMAGE_NAME_FIELD && typeof part.value === 'string')
          typedName = part.value.trim();
        continue;
      }
      if (part.fieldname !== CHALLENGE_IMAGE_FILE_FIELD || upload) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw tooLarge();
      upload = { fileName: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (typeof error === 'object' && error !== null && 'code' in error) {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'].includes(String(error.code)))
        throw new HttpError(400, messages.imageNotMultipart);
    }
    // A request cut off mid-file, or not multipart after all: the client's, not ours.
    throw new HttpError(400, messages.uploadCutOff);
  }
  if (!upload || upload.bytes.length === 0) throw new HttpError(400, messages.selectFile);
  const name = typedName || imageNameFromFileName(upload.fileName);
  const parsed = challengeImageNameSchema.safeParse(name);
  if (!parsed.success) throw new HttpError(400, messages.imageNameInvalid);
  return { name: parsed.data, bytes: upload.bytes };
}

export const challengeImageRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  await app.register(multipart, {
    // One byte over the limit is read, so the upload is seen to be too large and refused.
    limits: { fileSize: CHALLENGE_IMAGE_MAX_BYTES + 1, files: 1, fields: 1, parts: 2 },
  });

  app.get(
    challengeImagesPath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      schema: {
        params: challengeImagesParamsSchema,
        response: { 200: challengeImagesResponseSchema },
      },
    },
    async (request) => {
      const images = await listChallengeImages(db, request.params.challengeId);
      if (!images) throw challengeNotFound();
      return { images };
    },
  );

  app.post(
    challengeImagesPath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      bodyLimit: CHALLENGE_IMAGE_MAX_BYTES + 64 * 1024,
      schema: { params: challengeImagesParamsSchema, response: { 200: challengeImageSchema } },
    },
    async (request) => {
      const { challengeId } = request.params;
      const { name, bytes } = await readImageUpload(request);
      const mediaType = imageTypeOf(bytes);
      if (!mediaType) throw new HttpError(415, messages.imageTypeRefused);
      // A missing challenge is refused before anything is stored.
      if (!(await listChallengeImages(db, challengeId))) throw challengeNotFound();
      await removeUnusedTestData(db);
      const { sha256 } = await storeTestData(db, [bytes], CHALLENGE_IMAGE_MAX_BYTES);
      const saved = await saveChallengeImage(
        db,
        { challengeId, name, sha256, mediaType },
        CHALLENGE_IMAGE_MAX_COUNT,
      );
      if (saved.status === 'no-challenge') throw challengeNotFound();
      if (saved.status === 'too-many')
        throw new HttpError(
          409,
          messages.tooManyImages.replace('{count}', String(CHALLENGE_IMAGE_MAX_COUNT)),
        );
      return saved.image;
    },
  );

  app.get(
    challengeImagePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      compress: false,
      schema: { params: challengeImageParamsSchema },
    },
    async (request, reply) => {
      const { challengeId, name } = request.params;
      const image = await findChallengeImage(db, challengeId, name);
      if (!image) throw new HttpError(404, messages.imageNotFound.replace('{name}', name));
      // The name can be given other bytes: the preview asks again each time, cheaply by its hash.
      const etag = `"${image.sha256}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const data = await readTestData(db, image.sha256);
      if (!data) throw new HttpError(404, messages.imageNotFound.replace('{name}', name));
      return reply
        .header('content-type', image.mediaType)
        .header('content-length', String(data.size))
        .send(Readable.from(data.chunks));
    },
  );

  app.delete(
    challengeImagePath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      schema: {
        params: challengeImageParamsSchema,
        response: { 200: challengeImagesResponseSchema },
      },
    },
    async (request) => {
      const { challengeId, name } = request.params;
      if (!(await deleteChallengeImage(db, challengeId, name))) {
        if (!(await listChallengeImages(db, challengeId))) throw challengeNotFound();
        throw new HttpError(404, messages.imageNotFound.replace('{name}', name));
      }
      return { images: (await listChallengeImages(db, challengeId)) ?? [] };
    },
  );
};
