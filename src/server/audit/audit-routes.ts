/**
 * The owner's audit log calls (issue 33, contract/audit.ts): a page of entries, newest first,
 * with filters (by course too), and the same filters as a .csv export (every entry, a page at a
 * time, formula text neutralised as in the results exports).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActionsRoute,
  auditActionsSchema,
  auditExportRoute,
  auditPageSchema,
  auditQuerySchema,
  auditRoute,
  type AuditEntry,
} from '../../contract/audit.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { BOM, csvField } from '../results/export-csv.ts';
import { neutraliseCell } from '../results/neutralise-cell.ts';
import { readAuditEntries } from './audit-queries.ts';

type Deps = {
  db: Db;
  guards: Guards;
  timeZone: string;
  /** The actions the recorder records (record-audit.ts), for the page's action filter. */
  actions: () => string[];
};

const CSV_HEADERS = [
  'Id',
  'At',
  'Who',
  'Address',
  'Action',
  'Call',
  'Outcome',
  'Target',
  'Course',
  'Changes',
];
const EXPORT_PAGE = 1000;

function csvLine(entry: AuditEntry): string {
  const text = (value: string) => csvField(neutraliseCell(value));
  return [
    String(entry.id),
    entry.at,
    text(entry.actorEmail),
    text(entry.address),
    text(entry.action),
    text(entry.call),
    String(entry.outcome),
    text(`${entry.targetKind} ${entry.targetId}`.trim()),
    text(entry.courseCode ?? ''),
    text(JSON.stringify(entry.changes)),
  ].join(',');
}

export const auditRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, timeZone, actions },
) => {
  app.get(
    auditRoute,
    {
      onRequest: guards.staff,
      config: { action: 'audit.read' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => {
      const { limit, ...filters } = request.query;
      const entries = await readAuditEntries(db, filters, limit + 1, timeZone);
      const more = entries.length > limit;
      const page = more ? entries.slice(0, limit) : entries;
      return { entries: page, next: more ? (page.at(-1)?.id ?? null) : null };
    },
  );

  app.get(
    auditActionsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'audit.read' },
      schema: { response: { 200: auditActionsSchema } },
    },
    async () => ({ actions: actions() }),
  );

  app.get(
    auditExportRoute,
    {
      onRequest: guards.staff,
      config: { action: 'audit.read' },
      schema: { querystring: auditQuerySchema },
    },
    async (request, reply) => {
      const { limit: _limit, before: _before, ...filters } = request.query;
      let text = BOM + CSV_HEADERS.join(',') + '\r\n';
      let before: number | undefined;
      for (;;) {
        const page = await readAuditEntries(db, { ...filters, before }, EXPORT_PAGE, timeZone);
        for (const entry of page) text += csvLine(entry) + '\r\n';
        const last = page.at(-1);
        if (page.length < EXPORT_PAGE || !last) break;
        before = last.id;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(text);
    },
  );
};
