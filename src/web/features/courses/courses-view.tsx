/**
 * The dashboard's Courses view (`/adminDash?view=courses`, issue 33): the member's courses (an
 * owner's are all of them) with their figures, sections, staff and the member's role in each.
 * Teachers and owners create a course, change one's code, title and term, add a section and
 * manage its staff; an assistant reads. The server decides who may do what; the buttons only
 * follow the role the course list reports (`myRole`).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Course } from '../../../contract/courses.ts';
import { messages } from '../../../contract/messages.ts';
import { courseUi, enrolmentCodeUi, roleLabels } from '../../../contract/staff-ui.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { CourseFormDialog, SectionDialog } from './course-dialogs.tsx';
import { CourseStaffDialog } from './course-staff-dialog.tsx';
import { EnrolmentCodeDialog } from './enrolment-code-dialog.tsx';
import { fetchCourses } from './courses-api.ts';
import './courses.css';

type RowDialog = 'edit' | 'section' | 'staff' | 'enrolment-code';
type Open = { kind: 'new' } | { kind: RowDialog; courseId: string } | null;

const canWrite = (course: Course) => course.myRole === 'owner' || course.myRole === 'teacher';

export function CoursesView({ token, canCreate }: { token: string; canCreate: boolean }) {
  const [courses, setCourses] = useState<Course[] | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  const reload = useCallback(
    () =>
      fetchCourses(token).then(
        (list) => setCourses(list),
        (error: unknown) => showFailure(error),
      ),
    [token],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  /** A call's answer carries the course as it now is: the row changes without a reload. */
  const replace = useCallback((course: Course) => {
    setCourses((list) => {
      if (!list) return [course];
      return list.some((c) => c.id === course.id)
        ? list.map((c) => (c.id === course.id ? course : c))
        : [...list, course];
    });
  }, []);
  /** A dialog that saved a course: the list shows it and the dialog closes. */
  const saved = useCallback(
    (course: Course) => {
      replace(course);
      close();
    },
    [replace, close],
  );

  const current =
    open && open.kind !== 'new' ? courses?.find((c) => c.id === open.courseId) : undefined;

  return (
    <section aria-labelledby="courses-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="courses-heading" className="dash-section__title">
          {courseUi.title}
        </h2>
        {canCreate ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setOpen({ kind: 'new' })}
          >
            {courseUi.newCourse}
          </button>
        ) : null}
      </div>
      <p className="muted">{courseUi.intro}</p>
      {courses === null ? (
        <p className="muted">{messages.loading}</p>
      ) : courses.length === 0 ? (
        <p className="muted">{courseUi.none}</p>
      ) : (
        <div className="table-wrap">
          <table className="table course-list" data-testid="course-list">
            <caption className="visually-hidden">{courseUi.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{courseUi.colCode}</th>
                <th scope="col">{courseUi.colTitle}</th>
                <th scope="col">{courseUi.colTerm}</th>
                <th scope="col" className="data-table__numeric">
                  {courseUi.colStudents}
                </th>
                <th scope="col" className="data-table__numeric">
                  {courseUi.colChallenges}
                </th>
                <th scope="col" className="data-table__numeric">
                  {courseUi.colExams}
                </th>
                <th scope="col">{courseUi.colSections}</th>
                <th scope="col">{courseUi.colStaff}</th>
                <th scope="col">{courseUi.colMyRole}</th>
                <th scope="col">{courseUi.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => (
                <CourseRow
                  key={course.id}
                  course={course}
                  onOpen={(kind) => setOpen({ kind, courseId: course.id })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.kind === 'new' ? (
        <CourseFormDialog token={token} onClose={close} onSaved={saved} />
      ) : null}
      {open?.kind === 'edit' && current ? (
        <CourseFormDialog token={token} course={current} onClose={close} onSaved={saved} />
      ) : null}
      {open?.kind === 'section' && current ? (
        <SectionDialog token={token} course={current} onClose={close} onSaved={saved} />
      ) : null}
      {open?.kind === 'staff' && current ? (
        <CourseStaffDialog
          token={token}
          course={current}
          canWrite={canWrite(current)}
          onClose={close}
          onChanged={replace}
        />
      ) : null}
      {open?.kind === 'enrolment-code' && current ? (
        <EnrolmentCodeDialog
          token={token}
          course={current}
          canWrite={canWrite(current)}
          onClose={close}
          onChanged={replace}
        />
      ) : null}
    </section>
  );
}

/** The row's buttons: changes for those who may write, staff and enrolment code for all. */
function rowActions(course: Course): [RowDialog, string][] {
  const writes: [RowDialog, string][] = canWrite(course)
    ? [
        ['edit', courseUi.editCourse],
        ['section', courseUi.addSection],
      ]
    : [];
  return [...writes, ['staff', courseUi.manageStaff], ['enrolment-code', enrolmentCodeUi.open]];
}

function CourseRow({ course, onOpen }: { course: Course; onOpen: (kind: RowDialog) => void }) {
  const label = (action: string) => `${action} ${course.code}`;
  return (
    <tr>
      <th scope="row">
        {course.code}
        {course.isDefault ? <span className="course-list__tag">{courseUi.defaultTag}</span> : null}
      </th>
      <td>{course.title}</td>
      <td>{course.term}</td>
      <td className="data-table__numeric">{course.students}</td>
      <td className="data-table__numeric">{course.challenges}</td>
      <td className="data-table__numeric">{course.exams}</td>
      <td>
        {course.sections.length === 0 ? (
          <span className="muted">{courseUi.noSections}</span>
        ) : (
          <ul className="course-list__list">
            {course.sections.map((section) => (
              <li key={section.id}>
                {section.name} ({section.students})
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        {course.staff.length === 0 ? (
          <span className="muted">{courseUi.noStaff}</span>
        ) : (
          <ul className="course-list__list">
            {course.staff.map((member) => (
              <li key={member.staffId}>
                {member.name || member.email} ({roleLabels[member.role]})
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{roleLabels[course.myRole]}</td>
      <td>
        <div className="course-list__actions">
          {rowActions(course).map(([kind, text]) => (
            <button
              key={kind}
              type="button"
              className="link-button"
              aria-label={label(text)}
              onClick={() => onOpen(kind)}
            >
              {text}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
