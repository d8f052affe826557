/** The Audit log view's calls (contract/audit.ts): a page of entries, the actions, the export. */
import {
  auditActionsRoute,
  auditActionsSchema,
  auditExportRoute,
  auditPageSchema,
  auditRoute,
  type AuditQuery,
} from '../../../contract/audit.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

/** The filters as the view holds them: '' for a filter not used. */
export type AuditFilters = {
  actor: string;
  action: string;
  target: string;
  /** A course's id: the entries filed under it. */
  courseId: string;
  since: string;
  until: string;
};
export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  target: '',
  courseId: '',
  since: '',
  until: '',
};

/** The query string of these filters (and page), without the ones left empty. */
export function auditSearch(
  filters: AuditFilters,
  page: Pick<AuditQuery, 'before' | 'limit'> = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...page })) {
    const text = value === undefined ? '' : String(value).trim();
    if (text !== '') params.set(key, text);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

export function fetchAuditPage(
  token: string,
  filters: AuditFilters,
  page: { before?: number; limit: number },
  signal?: AbortSignal,
) {
  return apiRequest(`${auditRoute}${auditSearch(filters, page)}`, {
    token,
    schema: auditPageSchema,
    signal,
  });
}

export async function fetchAuditActions(token: string, signal?: AbortSignal): Promise<string[]> {
  return (await apiRequest(auditActionsRoute, { token, schema: auditActionsSchema, signal }))
    .actions;
}

export function downloadAuditCsv(token: string, filters: AuditFilters): Promise<void> {
  return downloadFile(`${auditExportRoute}${auditSearch(filters)}`, 'audit-log.csv', token);
}
