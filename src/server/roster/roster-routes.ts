/**
 * The administrator's roster calls (spec §7): GET downloadExcelTemplate answers Template.csv with
 * the header row (or, with `?format=xlsx`, Template.xlsx with the same row); POST uploadFileData
 * takes the multipart field `file` and answers {inserted, updated, rejected, errors}. Both need an admin token. Multipart is registered only
 * inside this plugin, with the upload limits. The .xlsx reader's worker thread is started here,
 * ahead of the first upload.
 */
import os from 'node:os';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROSTER_HEADERS,
  ROSTER_MAX_FILE_BYTES,
  ROSTER_TEMPLATE_FILE_NAME,
  rosterTemplateFileName,
  rosterTemplatePath,
  rosterTemplateQuerySchema,
  rosterUploadQuerySchema,
  rosterUploadPath,
  rosterUploadResultSchema,
} from '../../contract/roster.ts';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../contract/spreadsheet-types.ts';
import { courseForNew } from '../auth/course-scope.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { removeLeftovers } from '../storage/owned-folders.ts';
import { importRoster } from './import-roster.ts';
import { openRoster } from './open-roster.ts';
import { rosterTemplateXlsx } from './template-xlsx.ts';
import { readUploadedFile } from './upload-part.ts';
import { ROSTER_XLS_FOLDER } from './xls-convert.ts';
import { warmXlsxReader } from './xlsx-rows.ts';

type Deps = { db: Db; guards: Guards };

const templateCsv = `${ROSTER_HEADERS.join(',')}\r\n`;

export const rosterRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  warmXlsxReader();
  // A conversion's folder that a killed process left behind.
  removeLeftovers(os.tmpdir(), [ROSTER_XLS_FOLDER]);
  await app.register(multipart, {
    limits: { fileSize: ROSTER_MAX_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  app.get(
    rosterTemplatePath,
    {
      onRequest: guards.staff,
      config: { action: 'students.read' },
      schema: { querystring: rosterTemplateQuerySchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'xlsx') {
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${rosterTemplateFileName('xlsx')}"`)
          .send(await rosterTemplateXlsx());
      }
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${ROSTER_TEMPLATE_FILE_NAME}"`)
        .send(templateCsv);
    },
  );

  app.post(
    rosterUploadPath,
    {
      onRequest: guards.staff,
      config: { action: 'roster.upload' },
      schema: { querystring: rosterUploadQuerySchema, response: { 200: rosterUploadResultSchema } },
    },
    async (request) => {
      // The course is named in the query, so the course check has run before the upload is read.
      const courseId = await courseForNew(
        db,
        request.actor,
        request.query.courseId,
        'roster.upload',
      );
      const file = await readUploadedFile(request);
      const rows = await openRoster(file.fileName, file.data);
      return importRoster(db, rows, request.log, courseId);
    },
  );
};
