/**
 * The exam view of Results (issue 31): one row per student, one column per problem, the total,
 * time used and status, sorted and paged by the server and kept live by polling with ETag/304 as
 * the challenge table is (use-live-answer.ts). Filters as the challenge table's (search, year,
 * branch, college) plus the attempt's status; the exports (.xlsx with a sheet per problem, .csv)
 * follow them. A problem's cell opens the student's submissions to it in this exam, in the
 * existing dialog; each problem's similarity report among the exam's students is a link away
 * (exam-similarity-links.tsx). Filters and sort live here, and this stays mounted under the dialog, so closing
 * it finds the table as it was; the course's section (issue 33) comes from the address
 * (section-filter.tsx).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type {
  ExamAttemptStatus,
  ExamResultsResponse,
  ExamResultsSortColumn,
} from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { StudentFilterOptions } from '../../../contract/results.ts';
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
import {
  EXAM_DESCENDING_FIRST,
  examResultsColumns,
  examStatusLabels,
} from './exam-results-columns.tsx';
import { ExamExportButtons } from './exam-export-buttons.tsx';
import { ExamSimilarityLinks } from './exam-similarity-links.tsx';
import { ExamStatisticsLinks } from './statistics/exam-statistics-links.tsx';
import {
  examResultsUrl,
  fetchExamResultsAt,
  fetchFilterOptions,
  type ExamResultsPageQuery,
} from './results-api.ts';
import { SectionSelect, useChooseSection } from './section-filter.tsx';
import { SubmissionsDialog } from './submissions-dialog.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { UpdatedLine } from './updated-line.tsx';
import { useLiveAnswer } from './use-live-answer.ts';

/** The matrix's page: examResultsQuerySchema's default limit, which the web app leaves as is. */
const EXAM_RESULTS_PAGE_SIZE = 50;

type Status = ExamAttemptStatus | 'all';
const STATUS_ORDER: readonly Status[] = ['all', 'working', 'finished', 'not-started'];
const statusLabels: Record<Status, string> = { all: messages.examStatusAll, ...examStatusLabels };

/** Equal matrices apart from the time they were computed. */
function sameMatrix(a: ExamResultsResponse, b: ExamResultsResponse): boolean {
  return JSON.stringify({ ...a, generatedAt: '' }) === JSON.stringify({ ...b, generatedAt: '' });
}

type Props = {
  token: string;
  examCode: string;
  /** The drill-down open over the table: a student and the challenge of one of their problems. */
  openStudent?: string | undefined;
  openChallenge?: string | undefined;
  /** The section of the course whose students are shown (the address's `section`). */
  section?: string | undefined;
  /** A last column of another feature's (accommodations), handed down by the route. */
  rowAction?: StudentRowAction | undefined;
  /** Previews feedback notes in the submissions dialog (features/statement, via the route). */
  statementView?: StatementView | undefined;
};

export function ExamResultsView({
  token,
  examCode,
  openStudent,
  openChallenge,
  section,
  rowAction,
  statementView,
}: Props) {
  const navigate = useNavigate();
  const chooseSection = useChooseSection({ exam: examCode });
  const [filters, setFilters] = useState<StudentFilterValues>(NO_STUDENT_FILTERS);
  const [status, setStatus] = useState<Status>('all');
  const [sort, setSort] = useState<SortState<ExamResultsSortColumn>>({
    column: 'name',
    dir: 'asc',
  });
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

  const query = useMemo(
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
  const pages = useKeysetPages(`${examCode}\n${JSON.stringify(query)}`);
  const pageQuery: ExamResultsPageQuery = { ...query, cursor: pages.cursor };
  const live = useLiveAnswer(token, examResultsUrl(examCode, pageQuery), {
    fetchAt: fetchExamResultsAt,
    same: sameMatrix,
    belongs: (data) => data.exam.examCode.toLowerCase() === examCode.toLowerCase(),
  });
  const data = live.data;
  const rows = data?.rows ?? [];
  const from = pages.index * EXAM_RESULTS_PAGE_SIZE + 1;
  const withSignals = rows.some((row) => row.signals !== null);
  const columns = useMemo(
    () =>
      data
        ? examResultsColumns(
            data.exam,
            withSignals,
            rowAction ? { action: rowAction, token } : undefined,
            { course: data.course, section },
          )
        : [],
    [data, withSignals, rowAction, token, section],
  );

  function onSort(column: ExamResultsSortColumn) {
    setSort((current) =>
      current.column === column
        ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { column, dir: EXAM_DESCENDING_FIRST.includes(column) ? 'desc' : 'asc' },
    );
  }

  return (
    <div className="results">
      <StudentFilterFields
        values={filters}
        options={options}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        onClear={() => {
          setFilters(NO_STUDENT_FILTERS);
          setStatus('all');
          if (section) chooseSection('');
        }}
      >
        <SectionSelect course={data?.course} value={section ?? ''} onChange={chooseSection} />
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
        <p className="results-summary" data-testid="exam-results-summary">
          {data ? (
            <>
              <strong>{data.exam.title}</strong> ·{' '}
              {messages.examResultsMatching.replace('{count}', data.matching.toLocaleString())}
            </>
          ) : null}
        </p>
        <ExamExportButtons token={token} examCode={examCode} query={query} />
      </div>
      <UpdatedLine checkedAt={live.checkedAt} changedAt={live.changedAt} />
      {data ? <ExamStatisticsLinks exam={data.exam} section={section} /> : null}
      {data ? <ExamSimilarityLinks exam={data.exam} /> : null}

      <DataTable
        caption={messages.examResultsTableCaption.replace('{code}', examCode)}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.userId}
        sort={sort}
        onSort={onSort}
        emptyText={messages.resultsNoRows}
        busy={live.loading}
        isCurrent={(row) => row.userId === openStudent}
        testId="exam-results-table"
      />
      {data ? (
        <TablePager
          from={from}
          to={from + rows.length - 1}
          total={data.matching}
          onPrevious={pages.index > 0 ? pages.previous : undefined}
          onNext={
            data.nextCursor ? () => data.nextCursor && pages.next(data.nextCursor) : undefined
          }
        />
      ) : null}
      {openStudent && openChallenge ? (
        <SubmissionsDialog
          token={token}
          challengeId={openChallenge}
          statementView={statementView}
          userId={openStudent}
          examCode={examCode}
          onClose={() =>
            void navigate({
              to: '/adminDash',
              search: { view: 'results', exam: examCode, section },
              replace: true,
              resetScroll: false,
            })
          }
        />
      ) : null}
    </div>
  );
}
