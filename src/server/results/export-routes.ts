/**
 * The results exports (issue 12), admin only: .xlsx and .csv of the results table with the
 * table's filters and sort, or of the whole roster (`scope=roster`, contract/results.ts), of one
 * section when `sectionId` names one (issue 33). Everything that can fail with a message
 * (validation, unknown challenge, a section not of its course) is checked before the first
 * byte; then the file streams from keyset pages of the database into the response.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  resultsExportCsvRoute,
  resultsExportFileName,
  resultsExportQuerySchema,
  resultsExportXlsxRoute,
  resultsParamsSchema,
} from '../../contract/results.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../contract/spreadsheet-types.ts';
import { writeResultsCsv } from './export-csv.ts';
import { exportPages, finalMaximum } from './export-rows.ts';
import {
  gradebookFileName,
  gradebookFormatSchema,
  gradebookQuerySchema,
  resultsGradebookRoute,
} from '../../contract/gradebook.ts';
import { mapPages, sendGradebook } from '../grading/send-gradebook.ts';
import { writeResultsXlsx } from './export-xlsx.ts';
import { challengeInCourseOr404 } from './results-routes.ts';
import type { ResultsFilters } from './results-queries.ts';
import { readTestCases } from './submission-queries.ts';
import { createWallClock, todayIn } from './wall-clock.ts';

type Deps = { db: Db; guards: Guards; timeZone: string };

export const exportRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards, timeZone }) => {
  const clock = createWallClock(timeZone);
  const schema = { params: resultsParamsSchema, querystring: resultsExportQuerySchema };

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      format === 'xlsx' ? resultsExportXlsxRoute : resultsExportCsvRoute,
      { onRequest: guards.staff, config: { action: 'results.read' }, schema },
      async (request, reply) => {
        const { scope, ...view } = request.query;
        const { challenge } = await challengeInCourseOr404(
          db,
          request.params.challengeId,
          view.sectionId,
        );
        // The roster: everyone, started or not, whatever the filters; only the order is kept,
        // and the section (issue 33): a section's gradebook is everyone in that section.
        const filters =
          scope === 'roster'
            ? {
                ...view,
                q: undefined,
                year: undefined,
                branch: undefined,
                college: undefined,
                status: 'all' as const,
              }
            : view;
        const testNames =
          format === 'xlsx'
            ? (await readTestCases(db, challenge.challengeId)).map((t) => t.name)
            : [];
        const fileName = resultsExportFileName(
          challenge.challengeId,
          todayIn(timeZone),
          format,
          scope,
        );
        const body = new PassThrough();
        const pages = exportPages(db, challenge, filters);
        const writing =
          format === 'xlsx'
            ? writeResultsXlsx(body, challenge, testNames, pages, clock)
            : writeResultsCsv(body, challenge, pages, clock);
        // Headers are sent by now: a failure can only cut the download short, which the
        // browser reports as a failed download rather than a broken file that looks whole.
        writing.catch((error: unknown) => {
          request.log.error({ err: error }, 'results export failed');
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .header('content-type', format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  }

  // Issue 34 item 6: the final grades of the whole roster (of a section), for Moodle or Canvas.
  app.get(
    resultsGradebookRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: {
        params: resultsParamsSchema.extend({ format: gradebookFormatSchema }),
        querystring: gradebookQuerySchema,
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      const { sectionId } = request.query;
      const { challenge } = await challengeInCourseOr404(db, request.params.challengeId, sectionId);
      const filters: ResultsFilters = {
        ...{ q: undefined, year: undefined, branch: undefined, college: undefined },
        ...{ status: 'all', sort: 'name', dir: 'asc', sectionId },
      };
      const item = {
        title: `${challenge.challengeName} (${challenge.challengeId})`,
        max: finalMaximum(challenge),
      };
      const rows = mapPages(exportPages(db, challenge, filters), (row) => ({
        ...row,
        grade: row.finalScore ?? null,
      }));
      const fileName = gradebookFileName(challenge.challengeId, format, todayIn(timeZone));
      return sendGradebook(request, reply, fileName, format, item, rows);
    },
  );
};
