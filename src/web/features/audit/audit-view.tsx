/**
 * The owner's Audit log view (`/adminDash?view=audit`, issue 33): the log's entries newest first,
 * filtered by who, action, target, course and dates, a page at a time (the server's keyset: the
 * id of the page's last entry), and exported as CSV with the same filters. Anyone else who opens
 * the address reads the server's refusal in place of the table: the page is a hint, the server
 * decides (audit.read is owners only).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { AuditEntry } from '../../../contract/audit.ts';
import type { Course } from '../../../contract/courses.ts';
import { auditUi } from '../../../contract/audit-ui.ts';
import { messages } from '../../../contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fetchCourses } from '../../lib/staff-self.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useKeysetPages } from '../../ui/keyset-pages.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import {
  downloadAuditCsv,
  fetchAuditActions,
  fetchAuditPage,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from './audit-api.ts';
import { auditColumns } from './audit-columns.tsx';
import './audit.css';

const PAGE_SIZE = 50;
const ORDER = { column: 'at', dir: 'desc' } as const;

type Answer = { key: string; entries: AuditEntry[]; next: number | null };

const failureText = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : messages.networkError;

export function AuditView({ token }: { token: string }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [actions, setActions] = useState<string[]>([]);
  const [courses, setCourses] = useState<Course[]>([]);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; forbidden: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const id = useId();
  // Typed filters wait for a pause; the select and the dates apply at once.
  const actor = useDebouncedValue(filters.actor.trim(), 300);
  const target = useDebouncedValue(filters.target.trim(), 300);
  const { action, courseId, since, until } = filters;
  const applied = useMemo(
    () => ({ actor, action, target, courseId, since, until }),
    [actor, action, target, courseId, since, until],
  );
  const courseOptions = useMemo(
    () =>
      courses.map((course) => ({ value: course.id, label: `${course.code} — ${course.title}` })),
    [courses],
  );
  const pages = useKeysetPages(JSON.stringify(applied));
  const key = `${JSON.stringify(applied)}@${pages.cursor ?? ''}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchAuditActions(token, controller.signal).then(setActions, () => undefined);
    // Without the list the page works as before, with no course to choose.
    fetchCourses(token, controller.signal).then(setCourses, () => undefined);
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    const controller = new AbortController();
    const before = pages.cursor === undefined ? undefined : Number(pages.cursor);
    fetchAuditPage(token, applied, { before, limit: PAGE_SIZE }, controller.signal).then(
      (page) => {
        setRefusal(null);
        setAnswer({ key, ...page });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A refusal (not an owner) or a bad filter says so where the table would be.
        const forbidden = error instanceof ApiError && error.status === 403;
        setRefusal({ text: failureText(error), forbidden });
      },
    );
    return () => controller.abort();
  }, [token, applied, pages.cursor, key]);

  async function exportCsv() {
    if (exporting) return;
    setExporting(true);
    try {
      await downloadAuditCsv(token, applied);
    } catch (error) {
      showFailure(error);
    } finally {
      setExporting(false);
    }
  }

  if (refusal?.forbidden) {
    // Not an owner: the page says so, and offers nothing they could not use.
    return (
      <section aria-labelledby={`${id}-heading`} className="dash-section audit">
        <h2 id={`${id}-heading`} className="dash-section__title">
          {auditUi.title}
        </h2>
        <p className="audit__refusal" role="alert">
          {refusal.text}
        </p>
      </section>
    );
  }

  const set = (change: Partial<AuditFilters>) => setFilters((now) => ({ ...now, ...change }));
  const entries = answer?.entries ?? [];
  const from = pages.index * PAGE_SIZE + 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="dash-section audit">
      <div className="dash-section__header">
        <h2 id={`${id}-heading`} className="dash-section__title">
          {auditUi.title}
        </h2>
        <div className="audit__export">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={exporting}
            aria-describedby={`${id}-export-hint`}
            onClick={() => void exportCsv()}
          >
            {exporting ? messages.downloading : auditUi.exportCsv}
          </button>
          <span id={`${id}-export-hint`} className="visually-hidden">
            {auditUi.exportHint}
          </span>
        </div>
      </div>
      <p className="muted audit__intro">{auditUi.intro}</p>
      <div className="filters" role="group" aria-label={messages.filtersLabel}>
        <TextField
          className="filters__search"
          label={auditUi.filterActor}
          type="search"
          name="actor"
          autoComplete="off"
          spellCheck={false}
          value={filters.actor}
          onChange={(e) => set({ actor: e.target.value })}
        />
        <SelectField
          label={auditUi.filterAction}
          name="action"
          value={filters.action}
          options={actions}
          placeholder={auditUi.anyAction}
          onChange={(e) => set({ action: e.target.value })}
        />
        <TextField
          label={auditUi.filterTarget}
          type="search"
          name="target"
          autoComplete="off"
          spellCheck={false}
          value={filters.target}
          onChange={(e) => set({ target: e.target.value })}
        />
        <SelectField
          label={auditUi.filterCourse}
          name="courseId"
          value={filters.courseId}
          options={courseOptions}
          placeholder={auditUi.anyCourse}
          onChange={(e) => set({ courseId: e.target.value })}
        />
        <TextField
          label={auditUi.filterSince}
          type="date"
          name="since"
          value={filters.since}
          max={filters.until || undefined}
          aria-describedby={`${id}-dates`}
          onChange={(e) => set({ since: e.target.value })}
        />
        <TextField
          label={auditUi.filterUntil}
          type="date"
          name="until"
          value={filters.until}
          min={filters.since || undefined}
          aria-describedby={`${id}-dates`}
          onChange={(e) => set({ until: e.target.value })}
        />
        <button
          type="button"
          className="button button--ghost filters__clear"
          onClick={() => setFilters(NO_AUDIT_FILTERS)}
        >
          {messages.clearFilters}
        </button>
      </div>
      <p id={`${id}-dates`} className="field__hint audit__dates">
        {auditUi.datesHint}
      </p>
      {refusal ? (
        <p className="audit__refusal" role="alert">
          {refusal.text}
        </p>
      ) : (
        <>
          <DataTable
            caption={auditUi.tableCaption}
            columns={auditColumns}
            rows={entries}
            rowKey={(entry) => String(entry.id)}
            sort={ORDER}
            onSort={() => undefined}
            emptyText={auditUi.empty}
            busy={answer?.key !== key}
            testId="audit-table"
          />
          <nav className="data-table__pager" aria-label={auditUi.pages}>
            <p className="muted">
              {entries.length === 0
                ? ''
                : auditUi.shown
                    .replace('{from}', String(from))
                    .replace('{to}', String(from + entries.length - 1))}
            </p>
            <div className="actions">
              {/* aria-disabled, not disabled: the focused button keeps focus at either end. */}
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={pages.index === 0}
                onClick={() => pages.index > 0 && pages.previous()}
              >
                {auditUi.newer}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={!answer?.next}
                onClick={() => answer?.next && pages.next(String(answer.next))}
              >
                {auditUi.older}
              </button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
