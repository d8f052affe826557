/**
 * The dashboard's Students view (issue 12 item 5): the roster and signed-up students, searched,
 * filtered, sorted and paged by the server in the same table as Results; each row can delete its
 * student with the dashboard's confirmation and the spec's 'User succesfully deleted', or sign
 * them out everywhere (issue 15 item 4: every session and the open test's token end). With a
 * course (and section) chosen, the list is that course's, with Student ID and section, and leads
 * to its one-time password sheet; a row's sign-in help gives the activation link or a one-time
 * password (issue 33, accounts without mail).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Course } from '../../../contract/courses.ts';
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { messages } from '../../../contract/messages.ts';
import {
  CLAIMED_FILTERS,
  RESULTS_PAGE_SIZE,
  type StudentFilterOptions,
  type StudentsResponse,
  type StudentsRow,
  type StudentsSortColumn,
} from '../../../contract/results.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { DataTable, TablePager, type SortState } from '../../ui/data-table.tsx';
import { useKeysetPages } from '../../ui/keyset-pages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import {
  NO_STUDENT_FILTERS,
  StudentFilterFields,
  type StudentFilterValues,
} from '../../ui/student-filter-fields.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { fetchCourses } from '../../lib/staff-self.ts';
import { CourseScopeFields, type CourseScope } from './course-scope-fields.tsx';
import { SignInHelpDialog } from './sign-in-help-dialog.tsx';
import {
  deleteStudent,
  fetchFilterOptions,
  fetchStudents,
  signOutStudent,
  type StudentsPageQuery,
} from './students-api.ts';
import { studentsColumns } from './students-columns.tsx';
import './students.css';

type Claimed = (typeof CLAIMED_FILTERS)[number];
const claimedLabels: Record<Claimed, string> = {
  all: messages.claimedAll,
  claimed: messages.claimedOnly,
  unclaimed: messages.unclaimedOnly,
};

type Props = {
  token: string;
  /** The course and section in the address (issue 33). */
  scope?: CourseScope;
  onScope?: (scope: CourseScope) => void;
  /** Opens the one-time password sheet of the chosen course or section. */
  onOpenSheet?: (scope: CourseScope) => void;
};

export function StudentsView({ token, scope = {}, onScope, onOpenSheet }: Props) {
  const [filters, setFilters] = useState<StudentFilterValues>(NO_STUDENT_FILTERS);
  const [claimed, setClaimed] = useState<Claimed>('all');
  const [sort, setSort] = useState<SortState<StudentsSortColumn>>({ column: 'name', dir: 'asc' });
  const [options, setOptions] = useState<StudentFilterOptions | null>(null);
  const [answer, setAnswer] = useState<{ url: string; data: StudentsResponse } | null>(null);
  const [confirming, setConfirming] = useState<StudentsRow | null>(null);
  const [signingOut, setSigningOut] = useState<StudentsRow | null>(null);
  const [helping, setHelping] = useState<StudentsRow | null>(null);
  const [courses, setCourses] = useState<Course[]>([]);
  // Bumped after a delete, to read the page again.
  const [reloads, setReloads] = useState(0);
  const q = useDebouncedValue(filters.q.trim(), 300);

  useEffect(() => {
    let live = true;
    fetchFilterOptions(token).then(
      (found) => live && setOptions(found),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token, reloads]);

  useEffect(() => {
    const controller = new AbortController();
    // Without the list the view works as before, over every student the member may see.
    fetchCourses(token, controller.signal).then(setCourses, () => undefined);
    return () => controller.abort();
  }, [token]);

  const { courseId, sectionId } = scope;
  const query = useMemo(
    () => ({
      ...(courseId ? { courseId, ...(sectionId ? { sectionId } : {}) } : {}),
      q,
      year: filters.year,
      branch: filters.branch,
      college: filters.college,
      claimed,
      sort: sort.column,
      dir: sort.dir,
    }),
    [courseId, sectionId, q, filters.year, filters.branch, filters.college, claimed, sort],
  );
  const pages = useKeysetPages(JSON.stringify(query));
  const pageQuery: StudentsPageQuery = useMemo(
    () => ({ ...query, cursor: pages.cursor }),
    [query, pages.cursor],
  );
  const url = `${JSON.stringify(pageQuery)}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchStudents(token, pageQuery, controller.signal).then(
      (data) => setAnswer({ url, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) showFailure(error);
      },
    );
    return () => controller.abort();
  }, [token, pageQuery, url]);

  async function onConfirm(row: StudentsRow) {
    setConfirming(null);
    try {
      await deleteStudent(token, row.email);
      showSuccess(messages.userDeleted);
      setReloads((n) => n + 1);
    } catch (error) {
      showFailure(error);
    }
  }

  async function onConfirmSignOut(row: StudentsRow) {
    setSigningOut(null);
    try {
      showSuccess(await signOutStudent(token, row.email));
    } catch (error) {
      showFailure(error);
    }
  }

  const data = answer?.data ?? null;
  const rows = data?.rows ?? [];
  const from = pages.index * RESULTS_PAGE_SIZE + 1;
  const columns = useMemo(
    () =>
      studentsColumns(
        { onDelete: setConfirming, onSignOut: setSigningOut, onHelp: setHelping },
        courseId !== undefined,
      ),
    [courseId],
  );

  return (
    <section aria-labelledby="students-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="students-heading" className="dash-section__title">
          {messages.studentsTitle}
        </h2>
        {courseId && onOpenSheet ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onOpenSheet(scope)}
          >
            {credentialsUi.openSheet}
          </button>
        ) : null}
      </div>
      <StudentFilterFields
        values={filters}
        options={options}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
        onClear={() => {
          setFilters(NO_STUDENT_FILTERS);
          setClaimed('all');
        }}
      >
        {onScope && courses.length > 0 ? (
          <CourseScopeFields courses={courses} scope={scope} onChange={onScope} />
        ) : null}
        <ChoiceField
          label={messages.filterClaimed}
          name="claimed"
          value={claimed}
          order={CLAIMED_FILTERS}
          labels={claimedLabels}
          onChange={setClaimed}
        />
      </StudentFilterFields>
      <DataTable
        caption={messages.studentsTableCaption}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.userId}
        sort={sort}
        onSort={(column) =>
          setSort((current) =>
            current.column === column
              ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
              : { column, dir: column === 'challengesTaken' ? 'desc' : 'asc' },
          )
        }
        emptyText={messages.studentsNoRows}
        busy={answer?.url !== url}
        testId="students-table"
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
      <ConfirmDialog
        open={confirming !== null}
        title={messages.confirmDeleteUserTitle}
        confirmLabel={messages.confirmDelete}
        onConfirm={() => confirming && void onConfirm(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <strong>{confirming?.email}</strong> — {messages.deleteUserIntro}
      </ConfirmDialog>
      <ConfirmDialog
        open={signingOut !== null}
        title={messages.confirmSignOutTitle}
        confirmLabel={messages.signOutEverywhere}
        onConfirm={() => signingOut && void onConfirmSignOut(signingOut)}
        onCancel={() => setSigningOut(null)}
      >
        <strong>{signingOut?.email}</strong> — {messages.confirmSignOutIntro}
      </ConfirmDialog>
      <SignInHelpDialog
        token={token}
        student={helping}
        onClose={() => {
          setHelping(null);
          // Claimed may have changed (a one-time password is not a chosen one).
          setReloads((n) => n + 1);
        }}
      />
    </section>
  );
}
