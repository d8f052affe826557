/**
 * What a gradebook export route does once it knows its rows (results/export-routes.ts for a
 * challenge, exams/exam-results-routes.ts for an exam): streams the CSV (gradebook-csv.ts) into
 * the response as the pages are read, like the other exports, so nothing that can still fail
 * with a message is left once the first byte is sent.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GradebookFormat } from '../../contract/gradebook.ts';
import { CSV_CONTENT_TYPE } from '../../contract/spreadsheet-types.ts';
import { writeGradebookCsv, type GradebookRow, type GradeItem } from './gradebook-csv.ts';

/** Each page's rows mapped one by one, as the pages come. */
export async function* mapPages<T>(
  pages: AsyncIterable<T[]>,
  map: (row: T) => GradebookRow,
): AsyncGenerator<GradebookRow[]> {
  for await (const page of pages) yield page.map(map);
}

export function sendGradebook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  format: GradebookFormat,
  item: GradeItem,
  rows: AsyncIterable<GradebookRow[]>,
): FastifyReply {
  const body = new PassThrough();
  // Headers are sent by now: a failure can only cut the download short.
  writeGradebookCsv(body, format, item, rows).catch((error: unknown) => {
    request.log.error({ err: error }, 'gradebook export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
