/**
 * Big test data (issue 14 item 6), administrators only:
 * - POST /api/admin/test-data: one file in the multipart field `file`, streamed into the store
 *   (never whole in memory); answers `{ sha256, size }` for a test case's `inputFile` or
 *   `expectedOutputFile`. Over TEST_DATA_MAX_MB: 413 with a message, nothing kept.
 * - GET /api/admin/test-data/:sha256: the file, streamed back.
 */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../contract/messages.ts';
import {
  formatBytes,
  sha256Schema,
  TEST_DATA_FIELD,
  testDataUploadPath,
  testDataUploadResponseSchema,
} from '../../contract/test-data.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  readTestData,
  removeUnusedTestData,
  storeTestData,
  TestDataTooLargeError,
} from './test-data-queries.ts';

type Deps = { db: Db; guards: Guards; maxFileBytes: number };

export const testDataRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, maxFileBytes },
) => {
  const tooLarge = () =>
    new HttpError(413, messages.testDataTooLarge.replace('{size}', formatBytes(maxFileBytes)));
  await app.register(multipart, {
    // One byte over the limit is read, so the store sees it and refuses the file.
    limits: { fileSize: maxFileBytes + 1, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    testDataUploadPath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      bodyLimit: maxFileBytes + 1024 * 1024,
      schema: { response: { 200: testDataUploadResponseSchema } },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, messages.packageNotMultipart);
      await removeUnusedTestData(db);
      let file;
      try {
        file = await request.file({ throwFileSizeLimit: false });
      } catch {
        throw new HttpError(400, messages.selectFile);
      }
      if (!file || file.fieldname !== TEST_DATA_FIELD)
        throw new HttpError(400, messages.selectFile);
      // A request cut off mid-file fails the upload stream; that is the client's, not ours.
      let cutOff = false;
      const upload = file.file;
      async function* received() {
        try {
          yield* upload;
        } catch (error) {
          cutOff = true;
          throw error;
        }
      }
      try {
        return await storeTestData(db, received(), maxFileBytes);
      } catch (error) {
        if (error instanceof TestDataTooLargeError) {
          file.file.resume(); // read the rest, so the browser gets the answer, not a reset
          throw tooLarge();
        }
        if (cutOff) throw new HttpError(400, messages.uploadCutOff);
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/test-data/:sha256',
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      schema: { params: z.object({ sha256: sha256Schema }) },
    },
    async (request, reply) => {
      const data = await readTestData(db, request.params.sha256);
      if (!data) throw new HttpError(404, messages.testDataMissing);
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${request.params.sha256.slice(0, 12)}.txt"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(data.chunks));
    },
  );
};
