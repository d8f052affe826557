/**
 * The exam's results matrix and its exports (contract/exams.ts), staff only. The matrix answers
 * with an ETag and 304 while nothing changed (results/etag.ts), like the challenge's Results;
 * the exports stream every row with the matrix's filters and order, everything that can fail
 * with a message checked before the first byte.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  examCodeParamsSchema,
  examExportCsvRoute,
  examExportFileName,
  examExportXlsxRoute,
  examMessages,
  examResultsQuerySchema,
  examResultsResponseSchema,
  type ExamResultsResponse,
  examResultsRoute,
} from '../../contract/exams.ts';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../contract/spreadsheet-types.ts';
import {
  examGradebookRoute,
  gradebookFileName,
  gradebookFormatSchema,
  gradebookQuerySchema,
} from '../../contract/gradebook.ts';
import { mapPages, sendGradebook } from '../grading/send-gradebook.ts';
import type { Guard } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { sendPolled } from '../results/etag.ts';
import { decodeCursor, encodeCursor } from '../results/keyset.ts';
import { checkSection, readCourse } from '../results/section-columns.ts';
import { createWallClock, todayIn } from '../results/wall-clock.ts';
import { examExportColumns, examExportPages } from './exam-export-rows.ts';
import { writeExamCsv, writeExamXlsx } from './exam-export-writers.ts';
import { findExamByCode, readExam } from './exam-queries.ts';
import {
  countExamResults,
  examRecordsSignals,
  readExamResultsPage,
} from './exam-results-queries.ts';

type Deps = { db: Db; staff: Guard; timeZone: string; now: () => Date };

export const examResultsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, staff, timeZone } = deps;
  const clock = createWallClock(timeZone);

  async function examOr404(code: string, sectionId: string | undefined) {
    const row = await findExamByCode(db, code);
    if (!row) throw new HttpError(404, examMessages.examNotFound);
    const [exam, course] = await Promise.all([
      readExam(db, row, timeZone),
      readCourse(db, row.courseId),
    ]);
    checkSection(course, sectionId);
    return { row, exam };
  }

  app.get(
    examResultsRoute,
    {
      onRequest: staff,
      config: { action: 'results.read' },
      schema: {
        params: examCodeParamsSchema,
        querystring: examResultsQuerySchema,
        // 304: the matrix has not changed since the ETag the client sent (no body).
        response: { 200: examResultsResponseSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { cursor, limit, ...filters } = request.query;
      const after = cursor ? decodeCursor(cursor, filters.sort, filters.dir) : undefined;
      const row = await findExamByCode(db, request.params.examCode);
      if (!row) throw new HttpError(404, examMessages.examNotFound);
      // The course (issue 33): read beside the rest, or first when a section must be checked
      // before anything is read with it.
      const courseRead = readCourse(db, row.courseId);
      courseRead.catch(() => undefined);
      if (filters.sectionId !== undefined) checkSection(await courseRead, filters.sectionId);
      const now = deps.now();
      // The exam, the page and the count read side by side (on PostgreSQL, on several
      // connections); the page needs the slots only at its end, for students who never started.
      const reading = readExam(db, row, timeZone);
      const slots = reading.then((exam) => exam.slots);
      // A failure here is `reading`'s, which Promise.all reports; the page may not await this.
      slots.catch(() => undefined);
      const [exam, page, matching, course] = await Promise.all([
        reading,
        readExamResultsPage(db, row, slots, filters, after, limit, now),
        countExamResults(db, row, filters, now),
        courseRead,
      ]);
      const body: Omit<ExamResultsResponse, 'generatedAt'> = {
        exam,
        ...(course ? { course } : {}),
        rows: page.rows,
        nextCursor: page.next ? encodeCursor(page.next) : null,
        matching,
      };
      return sendPolled(request, reply, body);
    },
  );

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      format === 'xlsx' ? examExportXlsxRoute : examExportCsvRoute,
      {
        onRequest: staff,
        config: { action: 'results.read' },
        // The matrix's filters and order (cursor and limit are ignored: every row is written).
        schema: { params: examCodeParamsSchema, querystring: examResultsQuerySchema },
      },
      async (request, reply) => {
        const { cursor: _cursor, limit: _limit, ...filters } = request.query;
        const { row, exam } = await examOr404(request.params.examCode, filters.sectionId);
        const columns = examExportColumns(
          exam.slots,
          exam.totalPoints,
          await examRecordsSignals(db, row),
        );
        const fileName = examExportFileName(exam.examCode, todayIn(timeZone), format);
        const body = new PassThrough();
        const pages = examExportPages(db, row, exam.slots, filters, deps.now());
        const writing =
          format === 'xlsx'
            ? writeExamXlsx(body, columns, exam.slots, pages, clock)
            : writeExamCsv(body, columns, pages, clock);
        // Headers are sent by now: a failure can only cut the download short.
        writing.catch((error: unknown) => {
          request.log.error({ err: error }, 'exam results export failed');
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

  // Issue 34 item 6: the exam's final totals for the whole roster (of a section), for Moodle or
  // Canvas; the totals count staff overrides and manual points (exam-cells.ts).
  app.get(
    examGradebookRoute,
    {
      onRequest: staff,
      config: { action: 'results.read' },
      schema: {
        params: examCodeParamsSchema.extend({ format: gradebookFormatSchema }),
        querystring: gradebookQuerySchema,
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      const { sectionId } = request.query;
      const { row, exam } = await examOr404(request.params.examCode, sectionId);
      const filters = { sort: 'name', dir: 'asc', status: 'all', sectionId } as const;
      const rows = mapPages(examExportPages(db, row, exam.slots, filters, deps.now()), (r) => ({
        ...r,
        grade: r.total,
      }));
      const item = { title: `${exam.title} (${exam.examCode})`, max: exam.totalPoints };
      const fileName = gradebookFileName(`exam-${exam.examCode}`, format, todayIn(timeZone));
      return sendGradebook(request, reply, fileName, format, item, rows);
    },
  );
};
