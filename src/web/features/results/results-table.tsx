/**
 * One challenge's results: filters, the live summary and table (sorted and paged by the server),
 * the export buttons. The filters and sort live here, not in the address, and this component stays
 * mounted while a student's submissions are open over it, so closing them finds the table as it was.
 * The course's section (issue 33) is the exception: it comes from the address (section-filter.tsx).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import type {
  ResultsFilterQuery,
  ResultsSortColumn,
  ResultsStatus,
  StudentFilterOptions,
} from '../../../contract/results.ts';
import { RESULTS_PAGE_SIZE } from '../../../contract/results.ts';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { DataTable, TablePager, type SortState } from '../../ui/data-table.tsx';
import { useKeysetPages } from '../../ui/keyset-pages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import {
  NO_STUDENT_FILTERS,
  StudentFilterFields,
  type StudentFilterValues,
} from '../../ui/student-filter-fields.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import type { StudentRowAction } from '../../ui/student-row-action.ts';
import { ExportButtons } from './export-buttons.tsx';
import { fetchFilterOptions } from './results-api.ts';
import { DESCENDING_FIRST, resultsColumns } from './results-columns.tsx';
import { SectionSelect, useChooseSection } from './section-filter.tsx';
import { ResultsSummary } from './results-summary.tsx';
import { UpdatedLine } from './updated-line.tsx';
import { useLiveResults } from './use-live-results.ts';

/** The default first: a teacher mostly looks at who took the test. */
const STATUS_ORDER: readonly ResultsStatus[] = ['started', 'not-started', 'all'];
const statusLabels: Record<ResultsStatus, string> = {
  started: messages.statusStarted,
  'not-started': messages.statusNotStarted,
  all: messages.statusAll,
};

type Props = {
  token: string;
  challengeId: string;
  openStudent?: string;
  /** The section of the course whose students are shown (the address's `section`). */
  section?: string | undefined;
  /** A last column of another feature's (accommodations), handed down by the route. */
  rowAction?: StudentRowAction | undefined;
};

export function ResultsTable({ token, challengeId, openStudent, section, rowAction }: Props) {
  const navigate = useNavigate();
  const chooseSection = useChooseSection({ challengeId });
  const [filters, setFilters] = useState<StudentFilterValues>(NO_STUDENT_FILTERS);
  const [status, setStatus] = useState<ResultsStatus>('started');
  const [sort, setSort] = useState<SortState<ResultsSortColumn>>({ column: 'name', dir: 'asc' });
  const [options, setOptions] = useState<StudentFilterOptions | null>(null);
  const q = useDebouncedValue(filters.q.trim(), 300);

  useEffect(() => {
    let live = true;
    fetchFilterOptions(token).then(
      (answer) => live && setOptions(answer),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const query: ResultsFilterQuery = useMemo(
    () => ({
      q,
      year: filters.year,
      branch: filters.branch,
      college: filters.college,
      sectionId: section,
      status,
      sort: sort.column,
      dir: sort.dir,
    }),
    [q, filters.year, filters.branch, filters.college, section, status, sort],
  );
  const pages = useKeysetPages(`${challengeId}\n${JSON.stringify(query)}`);
  const live = useLiveResults(token, challengeId, { ...query, cursor: pages.cursor });
  const data = live.data;
  const rows = data?.rows ?? [];
  const from = pages.index * RESULTS_PAGE_SIZE + 1;

  function onSort(column: ResultsSortColumn) {
    setSort((current) =>
      current.column === column
        ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { column, dir: DESCENDING_FIRST.includes(column) ? 'desc' : 'asc' },
    );
  }

  const withIntegrity = rows.some((row) => row.integrity !== undefined);
  const withSignals = rows.some((row) => row.signals !== undefined);
  const course = data?.course;
  const columns = useMemo(
    () =>
      resultsColumns(
        challengeId,
        withIntegrity,
        withSignals,
        rowAction ? { action: rowAction, token } : undefined,
        { course, section },
      ),
    [challengeId, withIntegrity, withSignals, rowAction, token, course, section],
  );

  return (
    <div className="results">
      <StudentFilterFields
        values={filters}
        options={options}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        onClear={() => {
          setFilters(NO_STUDENT_FILTERS);
          setStatus('started');
          if (section) chooseSection('');
        }}
      >
        <SectionSelect course={course} value={section ?? ''} onChange={chooseSection} />
        <ChoiceField
          label={messages.filterStatus}
          name="status"
          value={status}
          order={STATUS_ORDER}
          labels={statusLabels}
          onChange={setStatus}
        />
      </StudentFilterFields>

      <div className="results__bar">
        {data ? (
          <ResultsSummary summary={data.summary} maxScore={data.challenge.score} />
        ) : (
          <span />
        )}
        <ExportButtons
          token={token}
          challengeId={challengeId}
          query={query}
          total={data?.total ?? null}
          summary={data?.summary ?? null}
          course={course}
        />
      </div>
      <UpdatedLine checkedAt={live.checkedAt} changedAt={live.changedAt} />

      <DataTable
        caption={messages.resultsTableCaption.replace('{challengeId}', challengeId)}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.userId}
        sort={sort}
        onSort={onSort}
        emptyText={messages.resultsNoRows}
        busy={live.loading}
        isCurrent={(row) => row.userId === openStudent}
        onRowClick={(row) =>
          void navigate({
            to: '/adminDash',
            search: { view: 'results', challengeId, student: row.userId, section },
            resetScroll: false,
          })
        }
        testId="results-table"
      />
      {data ? (
        <TablePager
          from={from}
          to={from + rows.length - 1}
          total={data.total}
          onPrevious={pages.index > 0 ? pages.previous : undefined}
          onNext={
            data.nextCursor ? () => data.nextCursor && pages.next(data.nextCursor) : undefined
          }
        />
      ) : null}
    </div>
  );
}
